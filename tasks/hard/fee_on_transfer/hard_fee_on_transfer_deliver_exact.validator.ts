import { parseAbi, parseUnits } from 'viem';
import { callsFunction, compareAmount, defineValidator, succeeded, transferSides, type HardEnv } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_fee_on_transfer_deliver_exact'>;
type State = { agent: bigint; recipient: bigint };

const TAXED = parseAbi(['function taxOf(address from, address to, uint256 amount) view returns (uint256)']);

export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ env }) => env.YLD,
  observe: ({ chain, env, params, agent }) => transferSides(chain, env.YLD, agent, params.to),
  checks: [
    succeeded(5, 'the transfer went through'),
    callsFunction(5, 'transfer(address,uint256)'),
    {
      name: 'the recipient received exactly the amount',
      weight: 75,
      verify: ({ pre, post, params }) =>
        compareAmount('received', post.recipient - pre.recipient, parseUnits(params.amount, 18), { symbol: 'YLD' }),
    },
    {
      // It delivered the amount, and one base unit less would not have: the least transfer that does it.
      name: 'the wallet sent the least amount that delivers it',
      weight: 15,
      verify: async ({ chain, pre, post, params, env, agent }) => {
        const want = parseUnits(params.amount, 18);
        const sent = pre.agent - post.agent;
        if (sent <= 0n) return { pass: false, detail: 'the wallet sent nothing' };
        const net = async (gross: bigint) =>
          gross - (await chain.readContract({ address: env.YLD, abi: TAXED, functionName: 'taxOf', args: [agent, params.to, gross] }));
        const [delivers, lessDelivers] = [await net(sent), await net(sent - 1n)];
        const pass = delivers === want && lessDelivers < want;
        return { pass, detail: `sent ${sent} base units, which delivers ${delivers}; one less would deliver ${lessDelivers}` };
      },
    },
  ],
});
