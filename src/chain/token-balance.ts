import { encodeAbiParameters, erc20Abi, keccak256, pad, toHex, type Address, type Hex } from 'viem';
import { QuestError } from '../errors.ts';
import type { ChainClients } from './rpc.ts';

const probeCache = new Map<string, { slot: number; vyper: boolean }>();

function balanceKey(holder: Address, slot: number, vyper: boolean): Hex {
  const args = vyper ? ([BigInt(slot), holder] as const) : ([holder, BigInt(slot)] as const);
  const types = vyper ? [{ type: 'uint256' }, { type: 'address' }] : [{ type: 'address' }, { type: 'uint256' }];
  return keccak256(encodeAbiParameters(types, args as never));
}

/**
 * Writes an ERC-20 balance directly into storage. The balances mapping slot is found by probing
 * (write a sentinel, read balanceOf, restore), so it works for any token, on the mirror or a fork.
 */
export async function setTokenBalance(chain: ChainClients, token: Address, holder: Address, amount: bigint): Promise<void> {
  const read = () => chain.public.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [holder] });
  let layout = probeCache.get(token.toLowerCase());
  if (!layout) {
    const sentinel = 0x5e11_7e11_5e11_7e11n;
    search: for (let slot = 0; slot < 64; slot++) {
      for (const vyper of [false, true]) {
        const key = balanceKey(holder, slot, vyper);
        const before = await chain.public.getStorageAt({ address: token, slot: key });
        await chain.test.setStorageAt({ address: token, index: key, value: pad(toHex(sentinel)) });
        const seen = await read();
        await chain.test.setStorageAt({ address: token, index: key, value: before ?? pad('0x0') });
        if (seen === sentinel) {
          layout = { slot, vyper };
          break search;
        }
      }
    }
    if (!layout) {
      throw new QuestError('TOKEN_BALANCE', `could not find the balances mapping of token ${token} in its first 64 storage slots`, {
        hint: 'fund the holder another way in setup: a transfer from an account that holds the token, sent with sendAs',
      });
    }
    probeCache.set(token.toLowerCase(), layout);
  }
  await chain.test.setStorageAt({ address: token, index: balanceKey(holder, layout.slot, layout.vyper), value: pad(toHex(amount)) });
  const after = await read();
  if (after !== amount) {
    throw new QuestError('TOKEN_BALANCE', `setting the balance of ${holder} in ${token} failed: reads ${after}`, {
      hint: 'the token computes balances (rebasing, reflections, a tax on holdings): fund the holder with a transfer sent with sendAs instead',
    });
  }
}
