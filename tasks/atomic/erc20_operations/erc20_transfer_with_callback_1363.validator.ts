import { parseUnits } from 'viem';
import {
  callsFunction,
  compareAmount,
  defineValidator,
  erc1363ReceiverCode,
  hookRecord,
  notifiedOnce,
  succeeded,
  transferSides,
  type HookRecord,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'erc20_transfer_with_callback_1363'>;
// `hook` is what the receiver recorded: a plain transfer() gives it tokens but leaves the record untouched.
type State = { agent: bigint; recipient: bigint; hook: HookRecord };

const amount = (p: Params) => parseUnits(p.amount, 18);

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ params }) => params.token,
  setup: async ({ chain, params }) => {
    // The recipient is a contract that needs the ERC-1363 notification, at a fresh random address.
    await chain.test.setCode({ address: params.to, bytecode: erc1363ReceiverCode() });
  },
  observe: async ({ chain, params, agent }) => ({
    ...(await transferSides(chain, params.token, agent, params.to)),
    hook: await hookRecord(chain, params.to),
  }),
  checks: [
    succeeded(10, 'call to the QST contract succeeded'),
    // Either ERC-1363 overload (with or without a data argument) is right.
    {
      ...callsFunction<Params, State>(15, 'transferAndCall(address,uint256)', 'transferAndCall(address,uint256,bytes)'),
      name: 'calls transferAndCall',
    },
    {
      name: 'receiver contract got exactly the amount',
      weight: 30,
      verify: ({ pre, post, params }) => compareAmount('received', post.recipient - pre.recipient, amount(params), { symbol: 'QST' }),
    },
    {
      name: 'agent balance fell by exactly the amount',
      weight: 15,
      verify: ({ pre, post, params }) => compareAmount('sent', pre.agent - post.agent, amount(params), { symbol: 'QST' }),
    },
    // What ERC-1363 adds over transfer(): the receiver was told, once, about this payment from the agent.
    notifiedOnce('receiver was notified of exactly this payment from the agent', 30, 'onTransferReceived', 'from', amount),
  ],
});
