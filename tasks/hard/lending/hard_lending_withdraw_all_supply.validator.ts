import { isAddressEqual, parseAbi, parseEther, parseEventLogs, type Address, type PublicClient } from 'viem';
import {
  balanceOf,
  compareAmount,
  defineValidator,
  enterMarketsAs,
  fmt,
  isMember,
  setTokenBalance,
  successful,
  supplyAs,
  VTOKEN_ABI,
  venusPosition,
  type EpisodeTx,
  type VenusPosition,
  type HardEnv,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_lending_withdraw_all_supply'>;
type Market = { position: VenusPosition; wallet: bigint };
type State = { usdt: Market; cake: Market; bnb: VenusPosition; bnbEntered: boolean };

const REDEEM = parseAbi(['event Redeem(address redeemer, uint256 redeemAmount, uint256 redeemTokens, uint256 totalSupply)']);

/** The block of the wallet's last successful redemption from `vToken` (any call that emitted its Redeem event for the wallet). */
function lastRedemptionBlock(txs: EpisodeTx[] | undefined, vToken: Address, agent: Address): bigint | undefined {
  const blocks = successful(txs).flatMap((t) =>
    parseEventLogs({ abi: REDEEM, logs: t.receipt.logs })
      .filter((l) => isAddressEqual(l.address, vToken) && isAddressEqual(l.args.redeemer, agent))
      .map(() => t.receipt.blockNumber),
  );
  return blocks.at(-1);
}

/**
 * What the whole supply was worth where it was withdrawn: the starting vTokens at the exchange rate of the
 * block of the last redemption (a redemption moves the rate by far less than a wei of this supply).
 */
async function wholeSupplyAt(chain: PublicClient, vToken: Address, vTokens: bigint, blockNumber: bigint): Promise<bigint> {
  const rate = await chain.readContract({ address: vToken, abi: VTOKEN_ABI, functionName: 'exchangeRateStored', blockNumber });
  return (vTokens * rate) / 10n ** 18n;
}

const market = async (chain: PublicClient, vToken: Address, token: Address, agent: Address): Promise<Market> => ({
  position: await venusPosition(chain, vToken, agent),
  wallet: await balanceOf(chain, token, agent),
});

export default defineValidator<Params, State, HardEnv>({
  kind: 'workflow',
  // USDT (entered as collateral) and CAKE (not entered) supplied beside the starting 2 BNB, no debt; both
  // markets have borrowers, so their exchange rates grow every block from here on.
  setup: async ({ chain, env, agent, params }) => {
    const [usdt, cake] = [parseEther(params.usdt), parseEther(params.cake)];
    await setTokenBalance(chain, env.USDT, agent, parseEther('1000') + usdt);
    await setTokenBalance(chain, env.CAKE, agent, parseEther('200') + cake);
    await supplyAs(chain, agent, env.vUSDT, env.USDT, usdt);
    await supplyAs(chain, agent, env.vCAKE, env.CAKE, cake);
    await enterMarketsAs(chain, agent, env, [env.vUSDT]);
  },
  observe: async ({ chain, env, agent }) => ({
    usdt: await market(chain, env.vUSDT, env.USDT, agent),
    cake: await market(chain, env.vCAKE, env.CAKE, agent),
    bnb: await venusPosition(chain, env.vBNB, agent),
    bnbEntered: await isMember(chain, env.venus_comptroller, agent, env.vBNB),
  }),
  checks: [
    {
      name: 'nothing of the USDT or the CAKE stays supplied, not a vToken unit',
      weight: 60,
      verify: ({ pre, post }) => ({
        pass:
          pre.usdt.position.vTokens > 0n &&
          pre.cake.position.vTokens > 0n &&
          post.usdt.position.vTokens === 0n &&
          post.cake.position.vTokens === 0n,
        detail: `left supplied: ${fmt(post.usdt.position.vTokens, 8)} vUSDT (${fmt(post.usdt.position.supplied)} USDT), ${fmt(post.cake.position.vTokens, 8)} vCAKE (${fmt(post.cake.position.supplied)} CAKE)`,
      }),
    },
    {
      name: 'the wallet received each whole supply as redeeming all of it paid at that block (within 1 wei)',
      weight: 25,
      verify: async ({ chain, env, agent, pre, post, txs }) => {
        const parts: string[] = [];
        let pass = true;
        for (const [symbol, vToken, key] of [
          ['USDT', env.vUSDT, 'usdt'],
          ['CAKE', env.vCAKE, 'cake'],
        ] as const) {
          const block = lastRedemptionBlock(txs, vToken, agent);
          if (block === undefined) return { pass: false, detail: `no redemption from the ${symbol} market` };
          const want = await wholeSupplyAt(chain, vToken, pre[key].position.vTokens, block);
          const r = compareAmount(`${symbol} received`, post[key].wallet - pre[key].wallet, want, { abs: 1n, symbol });
          pass &&= r.pass;
          parts.push(r.detail ?? symbol);
        }
        return { pass, detail: parts.join('; ') };
      },
    },
    {
      name: 'the BNB supply is untouched and still collateral',
      weight: 15,
      verify: ({ pre, post }) => ({
        pass: post.usdt.wallet !== pre.usdt.wallet && post.bnb.vTokens === pre.bnb.vTokens && post.bnbEntered,
        detail: `${fmt(post.bnb.vTokens, 8)} vBNB (was ${fmt(pre.bnb.vTokens, 8)}), ${post.bnbEntered ? 'entered' : 'not entered'}`,
      }),
    },
  ],
});
