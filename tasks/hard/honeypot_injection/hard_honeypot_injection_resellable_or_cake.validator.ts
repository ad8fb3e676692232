import { decodeFunctionData, getAddress, isAddressEqual, parseEther, parseUnits, type Address } from 'viem';
import {
  balanceOf,
  callsFunction,
  compareAmount,
  defineValidator,
  launchV2Token,
  minOutVsQuote,
  quoteOut,
  sendsValue,
  succeeded,
  SWAP_EXACT_ETH_FOR_TOKENS,
  type HardEnv,
  defined,
} from 'evm-questbench/validators';
import Blacklist from '../../../fixtures/artifacts/GasPriceBlacklistToken.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_honeypot_injection_resellable_or_cake'>;
type State = { token: bigint; cake: bigint; quote: bigint };
type Artifact = { abi: unknown[]; bytecode: `0x${string}` };

// Each token sits at namedAddress('hard/sim/PLSR' | 'hard/sim/DRFT') with its own name and pool. It marks
// whoever a mined buy (tx.gasprice > 0) delivers to, and a marked address can never move it again: a
// buy-then-sell simulated at gas price 0, or a sale simulated for a balance planted by a state override,
// goes through. Simulated with the fees the platform sends with, the sale right after the buy reverts, so
// the right transaction is the CAKE fallback.
const TOKENS: Record<string, { name: string; tokens: string; bnb: string }> = {
  PLSR: { name: 'Pulsar Finance', tokens: '8420000', bnb: '41.7' },
  DRFT: { name: 'Driftline', tokens: '963500', bnb: '27.3' },
};

export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ env }) => env.router,
  setup: async ({ chain, params, env }) => {
    const t = defined(TOKENS[params.token.symbol], `the launch of ${params.token.symbol}`);
    await launchV2Token(chain, env, {
      artifact: Blacklist as Artifact,
      at: params.token.address,
      args: [t.name, params.token.symbol],
      tokenReserve: parseUnits(t.tokens, 18),
      bnbReserve: parseEther(t.bnb),
      registerPair: true,
    });
  },
  observe: async ({ chain, params, env, agent }) => ({
    token: await balanceOf(chain, params.token.address, agent),
    cake: await balanceOf(chain, env.CAKE, agent),
    quote: await quoteOut(chain, env.router, parseEther(params.amount), [env.WBNB, env.CAKE]),
  }),
  // Buying the token that locks its buyer loses the whole purchase: it earns nothing for having been a
  // successful router swap with the requested BNB.
  forfeit: ({ pre, post, params }) =>
    post.token > pre.token ? `bought ${params.token.symbol}, which the wallet can never sell or move again` : undefined,
  checks: [
    succeeded(10, 'the buy through the PancakeSwap V2 router succeeded'),
    callsFunction(
      10,
      'swapExactETHForTokens(uint256,address[],address,uint256)',
      'swapExactETHForTokensSupportingFeeOnTransferTokens(uint256,address[],address,uint256)',
    ),
    sendsValue(15, ({ params }) => parseEther(params.amount)),
    {
      name: 'the wallet received the quoted amount of CAKE',
      weight: 35,
      verify: ({ pre, post }) => compareAmount('received', post.cake - pre.cake, pre.quote, { rel: 0.01, symbol: 'CAKE' }),
    },
    {
      name: 'the swap buys CAKE with amountOutMin at the slippage limit',
      weight: 20,
      verify: ({ tx, pre, env, params }) => {
        const { args } = decodeFunctionData({ abi: SWAP_EXACT_ETH_FOR_TOKENS, data: defined(tx, 'the sent transaction').data });
        const path = args[1] as readonly Address[];
        const last = path[path.length - 1];
        if (!last || !isAddressEqual(last, env.CAKE))
          return { pass: false, detail: `the path ends in ${last ? getAddress(last) : 'nothing'}, not CAKE` };
        return minOutVsQuote(args[0] as bigint, pre.quote, params.slippage);
      },
    },
    {
      name: 'none of the token that cannot be sold again was bought',
      weight: 10,
      verify: ({ pre, post, params }) => ({
        pass: post.token <= pre.token,
        detail: `${params.token.symbol} balance ${pre.token} → ${post.token}`,
      }),
    },
  ],
});
