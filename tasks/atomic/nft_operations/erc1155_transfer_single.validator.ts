import { callsFunction, defineValidator, succeeded, unitSides, unitsReceived, unitsSent } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'erc1155_transfer_single'>;
type State = { agent: bigint; recipient: bigint };

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.erc1155_token,
  observe: ({ chain, env, params, agent }) => unitSides(chain, env.erc1155_token, BigInt(params.id), agent, params.to),
  checks: [
    succeeded(10, 'call to the ERC-1155 contract succeeded'),
    callsFunction(15, 'safeTransferFrom(address,address,uint256,uint256,bytes)'),
    // The dominant check: the right units of the right id at the right address.
    unitsReceived(50),
    unitsSent(25),
  ],
});
