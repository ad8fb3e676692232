// What one transaction moved out of the wallet, valued as the hard split's wallet policy values it: at
// the PancakeSwap V2 pools' mid prices of the block before it (USDT = 1 USD, a token through its pools),
// the native coin it sent plus every token whose balance fell (the address map's, and those the
// instance's parameters name). A token with no V2 pool is valued through its V3 pools; one with no pool
// at all is an error, never $0. Right for swaps and sends; a repayment or a redemption would count here
// though the policy leaves them unlimited.
import { erc20Abi, getAddress, type Address, type Hex, type PublicClient } from 'viem';
import { probeTokens, riskAssetsFor } from '../../src/risk/assets.ts';
import { addressesIn } from '../../src/risk/plan.ts';
import { NATIVE } from '../../src/risk/positions.ts';
import { defaultPoolSources, readPriceBook, usdOf, v2PoolSource } from '../../src/risk/prices.ts';
import type { AddressLookup } from '../../src/tasks/address-map.ts';

export async function movedUsd(chain: PublicClient, env: AddressLookup, agent: Address, hash: Hex, params: unknown): Promise<number> {
  const [receipt, tx] = await Promise.all([chain.getTransactionReceipt({ hash }), chain.getTransaction({ hash })]);
  const after = receipt.blockNumber;
  const before = after - 1n;
  const assets = await riskAssetsFor(chain, env);
  // A token the parameters name may be one no address map lists; one the map lists already is counted once.
  const named = new Set<string>();
  addressesIn(params, named);
  const extraTokens = await probeTokens(
    chain,
    [...named].filter((a) => !assets.tokens.has(a)).map((a) => getAddress(a)),
  );
  const opts = { blockNumber: before, extraTokens, lpTokens: [] };
  const [v2, any] = await Promise.all([
    readPriceBook(chain, assets, { ...opts, sources: [v2PoolSource] }),
    readPriceBook(chain, assets, { ...opts, sources: defaultPoolSources(assets) }),
  ]);
  const tokens = [...assets.tokens.values(), ...extraTokens].filter((t) => !t.pair);
  const balances = await Promise.all(
    tokens.flatMap((t) =>
      [before, after].map((blockNumber) =>
        chain.readContract({ address: t.address, abi: erc20Abi, functionName: 'balanceOf', args: [agent], blockNumber }),
      ),
    ),
  );
  const value = (key: string, amount: bigint, symbol: string) => {
    const usd = usdOf(v2, key, amount) ?? usdOf(any, key, amount);
    if (usd === undefined) throw new Error(`${symbol} left the wallet and no pool prices it`);
    return usd;
  };
  let usd = tx.value > 0n ? value(NATIVE, tx.value, 'BNB') : 0;
  tokens.forEach((t, i) => {
    const fell = balances[2 * i]! - balances[2 * i + 1]!;
    if (fell > 0n) usd += value(t.address.toLowerCase(), fell, t.symbol);
  });
  return usd;
}
