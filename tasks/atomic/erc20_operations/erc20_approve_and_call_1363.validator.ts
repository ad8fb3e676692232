import { concat, numberToHex, parseUnits, toFunctionSelector, type Address, type Hex, type PublicClient } from 'viem';
import { allowanceOf, balanceOf, callsFunction, compareAmount, defineValidator, sameAddress, succeeded } from 'evm-questbench/validators';

type Params = { token: Address; spender: Address; amount: string };
type State = { allowance: bigint; balance: bigint; hookCalls: bigint; hookValue: bigint; hookOwner: Hex };

/**
 * Runtime code of a minimal ERC-1363 spender. On onApprovalReceived(owner, value, data) it counts the
 * call (slot 0), adds `value` (slot 1), stores `owner` (slot 2) and returns its selector; any other
 * call reverts. A plain approve() sets the allowance but leaves these records untouched.
 */
function spenderCode(): Hex {
  const sel = toFunctionSelector('onApprovalReceived(address,uint256,bytes)');
  return concat([
    '0x60003560e01c63', sel, '0x14601357600080fd', // dispatch on the selector, else revert(0, 0)
    '0x5b600160005401600055', //                      slot0 += 1
    '0x6024356001540160015560043560025563', sel, //   slot1 += value (word 1); slot2 = owner (word 0)
    '0x60e01b60005260206000f3', //                    return the selector
  ]);
}

const word = async (chain: PublicClient, address: Address, i: number) => BigInt((await chain.getStorageAt({ address, slot: numberToHex(i, { size: 32 }) })) ?? '0x0');
const amount = (p: Params) => parseUnits(p.amount, 18);

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ params }) => params.token,
  setup: async ({ chain, params }) => {
    // The spender is a contract that needs the ERC-1363 notification, at a fresh random address.
    await chain.test.setCode({ address: params.spender, bytecode: spenderCode() });
  },
  observe: async ({ chain, params, agent }) => ({
    allowance: await allowanceOf(chain, params.token, agent, params.spender),
    balance: await balanceOf(chain, params.token, agent),
    hookCalls: await word(chain, params.spender, 0),
    hookValue: await word(chain, params.spender, 1),
    hookOwner: numberToHex(await word(chain, params.spender, 2), { size: 20 }),
  }),
  checks: [
    succeeded(10, 'call to the QST contract succeeded'),
    // Either ERC-1363 overload (with or without a data argument) is right.
    { ...callsFunction<Params, State>(15, 'approveAndCall(address,uint256)', 'approveAndCall(address,uint256,bytes)'), name: 'calls approveAndCall' },
    {
      name: 'allowance is exactly the requested amount',
      weight: 35,
      verify: ({ post, params }) => compareAmount('allowance', post.allowance, amount(params), { symbol: 'QST' }),
    },
    {
      // What ERC-1363 adds over approve(): the spender was told, once, about this approval by the agent.
      name: 'spender was notified of exactly this approval by the agent',
      weight: 30,
      verify: ({ pre, post, params, agent }) => {
        const calls = post.hookCalls - pre.hookCalls;
        const value = post.hookValue - pre.hookValue;
        const pass = calls === 1n && value === amount(params) && sameAddress(post.hookOwner, agent);
        return { pass, detail: `onApprovalReceived called ${calls}×, value ${value}, owner ${calls ? post.hookOwner : '-'}` };
      },
    },
    {
      name: 'no tokens moved',
      weight: 10,
      verify: ({ pre, post }) => compareAmount('balance change', pre.balance - post.balance, 0n, { symbol: 'QST' }),
    },
  ],
});
