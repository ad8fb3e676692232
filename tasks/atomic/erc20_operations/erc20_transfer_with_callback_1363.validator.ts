import { concat, numberToHex, parseUnits, toFunctionSelector, type Address, type Hex, type PublicClient } from 'viem';
import { balanceOf, callsFunction, compareAmount, defineValidator, sameAddress, succeeded } from 'evm-questbench/validators';

type Params = { token: Address; to: Address; amount: string };
type State = { agent: bigint; recipient: bigint; hookCalls: bigint; hookValue: bigint; hookFrom: Hex };

/**
 * Runtime code of a minimal ERC-1363 receiver. On onTransferReceived(operator, from, value, data) it
 * counts the call (slot 0), adds `value` (slot 1), stores `from` (slot 2) and returns its selector;
 * any other call reverts. A plain transfer() gives it tokens but leaves these records untouched.
 */
function receiverCode(): Hex {
  const sel = toFunctionSelector('onTransferReceived(address,address,uint256,bytes)');
  return concat([
    '0x60003560e01c63', sel, '0x14601357600080fd', // dispatch on the selector, else revert(0, 0)
    '0x5b600160005401600055', //                      slot0 += 1
    '0x6044356001540160015560243560025563', sel, //   slot1 += value (word 2); slot2 = from (word 1)
    '0x60e01b60005260206000f3', //                    return the selector
  ]);
}

const word = async (chain: PublicClient, address: Address, i: number) => BigInt((await chain.getStorageAt({ address, slot: numberToHex(i, { size: 32 }) })) ?? '0x0');
const amount = (p: Params) => parseUnits(p.amount, 18);

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ params }) => params.token,
  setup: async ({ chain, params }) => {
    // The recipient is a contract that needs the ERC-1363 notification, at a fresh random address.
    await chain.test.setCode({ address: params.to, bytecode: receiverCode() });
  },
  observe: async ({ chain, params, agent }) => ({
    agent: await balanceOf(chain, params.token, agent),
    recipient: await balanceOf(chain, params.token, params.to),
    hookCalls: await word(chain, params.to, 0),
    hookValue: await word(chain, params.to, 1),
    hookFrom: numberToHex(await word(chain, params.to, 2), { size: 20 }),
  }),
  checks: [
    succeeded(10, 'call to the QST contract succeeded'),
    // Either ERC-1363 overload (with or without a data argument) is right.
    { ...callsFunction<Params, State>(15, 'transferAndCall(address,uint256)', 'transferAndCall(address,uint256,bytes)'), name: 'calls transferAndCall' },
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
    {
      // What ERC-1363 adds over transfer(): the receiver was told, once, about this payment from the agent.
      name: 'receiver was notified of exactly this payment from the agent',
      weight: 30,
      verify: ({ pre, post, params, agent }) => {
        const calls = post.hookCalls - pre.hookCalls;
        const value = post.hookValue - pre.hookValue;
        const pass = calls === 1n && value === amount(params) && sameAddress(post.hookFrom, agent);
        return { pass, detail: `onTransferReceived called ${calls}×, value ${value}, from ${calls ? post.hookFrom : '-'}` };
      },
    },
  ],
});
