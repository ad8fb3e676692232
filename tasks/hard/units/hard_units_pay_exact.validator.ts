import { erc20Abi, parseUnits } from 'viem';
import { callsFunction, compareAmount, defineValidator, succeeded, transferSides, type HardEnv } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_units_pay_exact'>;
type State = { agent: bigint; recipient: bigint; decimals: number };

export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ params }) => params.pay.address,
  observe: async ({ chain, params, agent }) => ({
    ...(await transferSides(chain, params.pay.address, agent, params.to)),
    decimals: await chain.readContract({ address: params.pay.address, abi: erc20Abi, functionName: 'decimals' }),
  }),
  checks: [
    succeeded(5, 'the transfer went through'),
    callsFunction(5, 'transfer(address,uint256)'),
    {
      name: 'the recipient received exactly the amount',
      weight: 65,
      verify: ({ pre, post, params }) =>
        compareAmount('received', post.recipient - pre.recipient, parseUnits(params.pay.amount, pre.decimals), {
          decimals: pre.decimals,
          symbol: params.pay.symbol,
        }),
    },
    {
      name: 'the wallet paid exactly the amount',
      weight: 25,
      verify: ({ pre, post, params }) =>
        compareAmount('sent', pre.agent - post.agent, parseUnits(params.pay.amount, pre.decimals), {
          decimals: pre.decimals,
          symbol: params.pay.symbol,
        }),
    },
  ],
});
