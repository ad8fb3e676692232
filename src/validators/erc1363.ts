// A minimal ERC-1363 hook contract to plant at a recipient or spender: it records each notification
// in storage, so a validator can tell a transferAndCall / approveAndCall from a plain transfer / approve.
import { concat, numberToHex, toFunctionSelector, type Address, type Hex, type PublicClient } from 'viem';
import { sameAddress } from './checks.ts';
import type { Check } from './types.ts';

/** Calldata offset of argument `i` (after the selector), as one opcode byte. */
const argAt = (i: number) => numberToHex(4 + 32 * i, { size: 1 });

/**
 * Runtime code that answers `signature` only: it counts the call (slot 0), adds argument `valueArg`
 * (slot 1), stores argument `partyArg` (slot 2) and returns its selector; any other call reverts.
 */
function hookCode(signature: string, valueArg: number, partyArg: number): Hex {
  const sel = toFunctionSelector(signature);
  return concat([
    '0x60003560e01c63',
    sel,
    '0x14601357600080fd', // dispatch on the selector, else revert(0, 0)
    '0x5b600160005401600055', //                      slot0 += 1
    '0x60',
    argAt(valueArg),
    '0x356001540160015560',
    argAt(partyArg),
    '0x3560025563',
    sel, // slot1 += value; slot2 = party
    '0x60e01b60005260206000f3', //                    return the selector
  ]);
}

/** A receiver of onTransferReceived(operator, from, value, data): records the value and `from`. */
export const erc1363ReceiverCode = (): Hex => hookCode('onTransferReceived(address,address,uint256,bytes)', 2, 1);

/** A spender notified by onApprovalReceived(owner, value, data): records the value and the owner. */
export const erc1363SpenderCode = (): Hex => hookCode('onApprovalReceived(address,uint256,bytes)', 1, 0);

export interface HookRecord {
  /** Notifications received. */
  calls: bigint;
  /** Sum of the values notified. */
  value: bigint;
  /** The party named by the latest notification (sender or owner), as a 20-byte address. */
  party: Hex;
}

const word = async (chain: PublicClient, address: Address, i: number) =>
  BigInt((await chain.getStorageAt({ address, slot: numberToHex(i, { size: 32 }) })) ?? '0x0');

/** What the hook planted at `address` has recorded so far. */
export async function hookRecord(chain: PublicClient, address: Address): Promise<HookRecord> {
  return {
    calls: await word(chain, address, 0),
    value: await word(chain, address, 1),
    party: numberToHex(await word(chain, address, 2), { size: 20 }),
  };
}

/** The hook (state key `hook`) was notified exactly once, of `amount`, naming the agent as its party (`party` words it, e.g. "from"). */
export function notifiedOnce<P, S extends { hook: HookRecord }>(
  name: string,
  weight: number,
  callback: string,
  party: string,
  amount: (params: P) => bigint,
): Check<P, S> {
  return {
    name,
    weight,
    verify: ({ pre, post, params, agent }) => {
      const calls = post.hook.calls - pre.hook.calls;
      const value = post.hook.value - pre.hook.value;
      const pass = calls === 1n && value === amount(params) && sameAddress(post.hook.party, agent);
      return { pass, detail: `${callback} called ${calls}×, value ${value}, ${party} ${calls ? post.hook.party : '-'}` };
    },
  };
}
