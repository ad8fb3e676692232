// PancakeSwap V3 liquidity positions as the owner's holdings: each position the wallet owns is worth
// what the wallet could take out of it at that block, read by asking the position manager itself.
import { decodeFunctionResult, encodeFunctionData, maxUint128, maxUint256, type Address, type Hex, type PublicClient } from 'viem';
import { V3_POSITION_MANAGER } from './abi.ts';
import type { PositionHolding, PositionSource } from './positions.ts';

const ABI = V3_POSITION_MANAGER;

/**
 * The manager's own answer to "close this position now": an eth_call from the owner of
 * multicall([decreaseLiquidity(all, 0, 0), collect(max, max)]). decreaseLiquidity returns the principal,
 * collect everything owed after it (principal + fees not yet collected), so the fees are the difference.
 * Exact to the wei the manager would pay, with no tick math of our own. A position without liquidity
 * (closed, or never filled) is only collected: decreaseLiquidity(0) reverts.
 */
async function valuePosition(
  chain: PublicClient,
  manager: Address,
  owner: Address,
  tokenId: bigint,
  liquidity: bigint,
  blockNumber?: bigint,
): Promise<{ principal: [bigint, bigint]; owed: [bigint, bigint] }> {
  const collect = encodeFunctionData({
    abi: ABI,
    functionName: 'collect',
    args: [{ tokenId, recipient: owner, amount0Max: maxUint128, amount1Max: maxUint128 }],
  });
  const decrease =
    liquidity > 0n
      ? encodeFunctionData({
          abi: ABI,
          functionName: 'decreaseLiquidity',
          // The deadline is checked against the block read; no block is later than uint256's max.
          args: [{ tokenId, liquidity, amount0Min: 0n, amount1Min: 0n, deadline: maxUint256 }],
        })
      : undefined;
  const { result } = await chain.simulateContract({
    account: owner,
    address: manager,
    abi: ABI,
    functionName: 'multicall',
    args: [decrease ? [decrease, collect] : [collect]],
    ...(blockNumber === undefined ? {} : { blockNumber }),
  });
  const pair = (data: Hex, functionName: 'decreaseLiquidity' | 'collect') =>
    decodeFunctionResult({ abi: ABI, functionName, data }) as readonly [bigint, bigint];
  const owed = pair(result.at(-1)!, 'collect');
  const principal = decrease ? pair(result[0]!, 'decreaseLiquidity') : ([0n, 0n] as const);
  return { principal: [principal[0], principal[1]], owed: [owed[0], owed[1]] };
}

/**
 * Every position the owner holds at the block: its token ids (balanceOf, tokenOfOwnerByIndex), each
 * one's tokens and liquidity (positions), then what closing it would pay (see valuePosition). Holdings
 * carry the token id, so a position that leaves the wallet (or is minted) is matched by id between
 * two readings. Each step's reads go out together, one JSON-RPC batch per step.
 */
export function v3PositionManagerPosition(address: Address, label: string): PositionSource {
  return {
    address,
    label,
    kind: 'v3_positions',
    // Per position, so known only once read: the holdings name their own tokens.
    assets: [],
    async read(chain, owner, blockNumber) {
      const at = blockNumber === undefined ? {} : { blockNumber };
      const count = await chain.readContract({ address, abi: ABI, functionName: 'balanceOf', args: [owner], ...at });
      const ids = await Promise.all(
        Array.from({ length: Number(count) }, (_, i) =>
          chain.readContract({ address, abi: ABI, functionName: 'tokenOfOwnerByIndex', args: [owner, BigInt(i)], ...at }),
        ),
      );
      const infos = await Promise.all(
        ids.map((id) => chain.readContract({ address, abi: ABI, functionName: 'positions', args: [id], ...at })),
      );
      const values = await Promise.all(ids.map((id, i) => valuePosition(chain, address, owner, id, infos[i]![7], blockNumber)));
      return ids.flatMap((id, i): PositionHolding[] => {
        const tokens = [infos[i]![2].toLowerCase(), infos[i]![3].toLowerCase()] as const;
        const { principal, owed } = values[i]!;
        return [0, 1].flatMap((k) => [
          { asset: tokens[k]!, amount: principal[k]!, part: 'liquidity' as const, id },
          { asset: tokens[k]!, amount: owed[k]! - principal[k]!, part: 'fees' as const, id },
        ]);
      });
    },
  };
}
