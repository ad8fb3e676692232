import { BaseError, ContractFunctionZeroDataError, getAddress, zeroAddress, type Address, type PublicClient } from 'viem';
import { ERC20_READ, V3_FACTORY, V3_POOL } from './abi.ts';
import type { RiskAssets, TokenInfo } from './assets.ts';
import type { AssetKey } from './positions.ts';
import { whole, type PoolEdge, type PoolSource } from './pools.ts';

/** PancakeSwap V3's fee tiers (hundredths of a basis point). */
export const V3_FEE_TIERS = [100, 500, 2500, 10000] as const;

/**
 * Whole units of token1 per whole unit of token0 from a pool's sqrtPriceX96:
 * (sqrtPriceX96 / 2^96)^2 is the raw ratio, scaled by the tokens' decimals.
 */
export function v3Price1Per0(sqrtPriceX96: bigint, decimals0: number, decimals1: number): number {
  const root = Number(sqrtPriceX96) / 2 ** 96;
  return root * root * 10 ** (decimals0 - decimals1);
}

interface FoundPool {
  pool: Address;
  token0: Address;
  token1: Address;
  fee: number;
}

const found = new WeakMap<RiskAssets, Map<string, FoundPool[]>>();

/** A pool with no code at this instance's chain (slot0 returned nothing) is skipped; any other failure is not. */
function noPoolHere(e: unknown): undefined {
  if (e instanceof BaseError && e.walk((x) => x instanceof ContractFunctionZeroDataError)) return undefined;
  throw e;
}

/**
 * PancakeSwap V3 pools of each token against WBNB and the anchors, every fee tier, found through the
 * factory; each pool's price is its current sqrtPriceX96 and its depth the tokens it holds. The pools of
 * the address map's tokens are found once per chain (they are the chain's own); a token from outside
 * the map may be one an instance placed, at an address another instance's token had with other pools,
 * so its pools are looked up every time.
 */
export function v3PoolSource(factory: Address, tiers: readonly number[] = V3_FEE_TIERS): PoolSource {
  return {
    name: 'PancakeSwap V3',
    async edges(chain: PublicClient, assets: RiskAssets, tokens: readonly TokenInfo[], blockNumber?: bigint): Promise<PoolEdge[]> {
      const at = blockNumber === undefined ? {} : { blockNumber };
      const chainWide = found.get(assets) ?? new Map<string, FoundPool[]>();
      found.set(assets, chainWide);
      const known = new Map(chainWide);
      const bases = [assets.wrappedNative, ...assets.anchors.map((a) => a.token)].filter((a): a is Address => a !== undefined);
      const todo = tokens.filter((t) => !t.pair && !known.has(t.address.toLowerCase()));
      if (todo.length > 0) {
        await Promise.all(
          todo.map(async (t) => {
            const combos = bases
              .filter((b) => b.toLowerCase() !== t.address.toLowerCase())
              .flatMap((b) => tiers.map((fee) => ({ b, fee })));
            const pools = await Promise.all(
              combos.map(({ b, fee }) =>
                chain
                  .readContract({ address: factory, abi: V3_FACTORY, functionName: 'getPool', args: [t.address, b, fee] })
                  .catch(() => zeroAddress),
              ),
            );
            const list: FoundPool[] = [];
            combos.forEach(({ b, fee }, i) => {
              const pool = pools[i]!;
              if (pool === zeroAddress) return;
              // The factory orders a pool's tokens by address.
              const [token0, token1] = t.address.toLowerCase() < b.toLowerCase() ? [t.address, b] : [b, t.address];
              list.push({ pool: getAddress(pool), token0: getAddress(token0), token1: getAddress(token1), fee });
            });
            known.set(t.address.toLowerCase(), list);
            if (assets.tokens.has(t.address.toLowerCase())) chainWide.set(t.address.toLowerCase(), list);
          }),
        );
      }
      const pools = [...new Map([...known.values()].flat().map((p) => [p.pool.toLowerCase(), p])).values()];
      const read = await Promise.all(
        pools
          .map(async (p) => {
            const [slot0, bal0, bal1] = await Promise.all([
              chain.readContract({ address: p.pool, abi: V3_POOL, functionName: 'slot0', ...at }),
              chain.readContract({ address: p.token0, abi: ERC20_READ, functionName: 'balanceOf', args: [p.pool], ...at }),
              chain.readContract({ address: p.token1, abi: ERC20_READ, functionName: 'balanceOf', args: [p.pool], ...at }),
            ]);
            return { p, sqrtPriceX96: slot0[0], bal0, bal1 };
          })
          // A pool found on an earlier instance's chain (one a model created there) is not a price here.
          .map((r) => r.catch(noPoolHere)),
      );
      const rows = read.filter((r) => r !== undefined);
      const info = (a: Address) => assets.tokens.get(a.toLowerCase()) ?? tokens.find((t) => t.address.toLowerCase() === a.toLowerCase());
      const edges: PoolEdge[] = [];
      for (const { p, sqrtPriceX96, bal0, bal1 } of rows) {
        const [t0, t1] = [info(p.token0), info(p.token1)];
        if (!t0 || !t1 || sqrtPriceX96 === 0n || bal0 === 0n || bal1 === 0n) continue;
        const price1Per0 = v3Price1Per0(sqrtPriceX96, t0.decimals, t1.decimals);
        edges.push({
          a: p.token0.toLowerCase() as AssetKey,
          b: p.token1.toLowerCase() as AssetKey,
          amountA: whole(bal0, t0.decimals),
          amountB: whole(bal1, t1.decimals),
          aPerB: 1 / price1Per0,
          venue: `PancakeSwap V3 ${t0.symbol}/${t1.symbol} ${p.fee / 10_000}%`,
          pool: p.pool,
        });
      }
      return edges;
    },
  };
}
