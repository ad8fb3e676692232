import { parseUnits } from 'viem';
import {
  allowanceAndBalance,
  callsFunction,
  compareAmount,
  defineValidator,
  erc1363SpenderCode,
  hookRecord,
  notifiedOnce,
  noTokensMoved,
  succeeded,
  type HookRecord,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'erc20_approve_and_call_1363'>;
// `hook` is what the spender recorded: a plain approve() sets the allowance but leaves the record untouched.
type State = { allowance: bigint; balance: bigint; hook: HookRecord };

const amount = (p: Params) => parseUnits(p.amount, 18);

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ params }) => params.token,
  setup: async ({ chain, params }) => {
    // The spender is a contract that needs the ERC-1363 notification, at a fresh random address.
    await chain.test.setCode({ address: params.spender, bytecode: erc1363SpenderCode() });
  },
  observe: async ({ chain, params, agent }) => ({
    ...(await allowanceAndBalance(chain, params.token, agent, params.spender)),
    hook: await hookRecord(chain, params.spender),
  }),
  checks: [
    succeeded(10, 'call to the QST contract succeeded'),
    // Either ERC-1363 overload (with or without a data argument) is right.
    {
      ...callsFunction<Params, State>(15, 'approveAndCall(address,uint256)', 'approveAndCall(address,uint256,bytes)'),
      name: 'calls approveAndCall',
    },
    {
      name: 'allowance is exactly the requested amount',
      weight: 35,
      verify: ({ post, params }) => compareAmount('allowance', post.allowance, amount(params), { symbol: 'QST' }),
    },
    // What ERC-1363 adds over approve(): the spender was told, once, about this approval by the agent.
    notifiedOnce('spender was notified of exactly this approval by the agent', 30, 'onApprovalReceived', 'owner', amount),
    noTokensMoved(10, () => 'QST'),
  ],
});
