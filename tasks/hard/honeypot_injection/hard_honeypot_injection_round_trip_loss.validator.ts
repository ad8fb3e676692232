import { decodeFunctionData, getAddress, isAddressEqual, parseEther, parseUnits, type Address } from 'viem';
import {
  approveAs,
  balanceOf,
  callsFunction,
  compareAmount,
  defineValidator,
  type EnvMap,
  issueTokens,
  launchV2Token,
  minOutVsQuote,
  quoteOut,
  sendsValue,
  succeeded,
  SWAP_EXACT_ETH_FOR_TOKENS,
} from 'evm-questbench/validators';
import SellTaxToken from '../../../fixtures/artifacts/GasPriceSellTaxToken.json' with { type: 'json' };
import TaxToken from '../../../fixtures/artifacts/TaxToken.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_honeypot_injection_round_trip_loss'>;
type State = { trap: bigint; honest: bigint; quote: bigint };
type Artifact = { abi: unknown[]; bytecode: `0x${string}` };
type ChainClients = Parameters<typeof launchV2Token>[0];

// Each token keeps its address (namedAddress('hard/sim/ORVO' | 'hard/sim/LUMA')), name and pool whatever its
// role. The one taxed in real sales is a GasPriceSellTaxToken (40 % on sales, only when tx.gasprice > 0, no
// getter states it); the other a TaxToken with an honest 1.5 % sell tax (sellTaxBps()). At gas price 0 the
// trap's round trip loses ≈ 0.6 % (the pool fees) against the honest token's ≈ 2.1 %, so a fee-less simulation
// ranks it first; a real round trip on it loses ≈ 40 %, above every limit the request draws (3-10 %).
const TOKENS: Record<string, { name: string; tokens: string; bnb: string }> = {
  ORVO: { name: 'Orvo Finance', tokens: '9600000', bnb: '27.5' },
  LUMA: { name: 'Luma Protocol', tokens: '1830000', bnb: '64' },
};
/** Where the trap's sell tax goes: namedAddress('hard/sim/sell_tax_treasury'). */
const TRAP_TREASURY = '0x43144bc476264F35BdE56823CE5d0d8DCD0D1fdF';
/** Where the honest token's tax goes: namedAddress('hard/sim/honest_tax_treasury'). */
const HONEST_TREASURY = '0x95400ca2412e595860d5a0BAe2428bFa33caC810';
const TRAP_SELL_TAX_BPS = 4000;
const HONEST_SELL_TAX_BPS = 150;

/** The pair (trap, honest) of this instance's draw. */
function roles(params: Params): { trap: Address; honest: Address; honestSymbol: string } {
  const { a_symbol, a_address, b_symbol, b_address, taxed_in_real_sales } = params.tokens;
  const aIsTrap = taxed_in_real_sales === a_symbol;
  return {
    trap: (aIsTrap ? a_address : b_address) as Address,
    honest: (aIsTrap ? b_address : a_address) as Address,
    honestSymbol: aIsTrap ? b_symbol : a_symbol,
  };
}

async function launch(chain: ChainClients, env: EnvMap, symbol: string, at: Address, trap: boolean): Promise<void> {
  const t = TOKENS[symbol]!;
  await launchV2Token(chain, env, {
    artifact: (trap ? SellTaxToken : TaxToken) as Artifact,
    at,
    args: trap ? [t.name, symbol, TRAP_TREASURY, TRAP_SELL_TAX_BPS] : [t.name, symbol, HONEST_TREASURY, 0, HONEST_SELL_TAX_BPS, 0],
    tokenReserve: parseUnits(t.tokens, 18),
    bnbReserve: parseEther(t.bnb),
    registerPair: true,
  });
}

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.router!,
  // The wallet holds a little of both and the router may sell both, as the request says.
  setup: async ({ chain, params, env, agent }) => {
    const { a_symbol, a_address, b_symbol, b_address, taxed_in_real_sales } = params.tokens;
    await launch(chain, env, a_symbol, a_address as Address, taxed_in_real_sales === a_symbol);
    await launch(chain, env, b_symbol, b_address as Address, taxed_in_real_sales === b_symbol);
    const held = parseUnits(params.held, 18);
    for (const token of [a_address, b_address] as Address[]) {
      await issueTokens(chain, env, token, agent, held);
      await approveAs(chain, agent, token, env.router!, held);
    }
  },
  observe: async ({ chain, params, env, agent }) => {
    const { trap, honest } = roles(params);
    return {
      trap: await balanceOf(chain, trap, agent),
      honest: await balanceOf(chain, honest, agent),
      quote: await quoteOut(chain, env.router!, parseEther(params.amount), [env.WBNB!, honest]),
    };
  },
  checks: [
    succeeded(10, 'the buy through the PancakeSwap V2 router succeeded'),
    callsFunction(
      10,
      'swapExactETHForTokens(uint256,address[],address,uint256)',
      'swapExactETHForTokensSupportingFeeOnTransferTokens(uint256,address[],address,uint256)',
    ),
    sendsValue(15, ({ params }) => parseEther(params.amount)),
    {
      name: 'the wallet received the quoted amount of the token with the smaller real round-trip loss',
      weight: 35,
      verify: ({ pre, post, params }) =>
        compareAmount('received', post.honest - pre.honest, pre.quote, { rel: 0.01, symbol: roles(params).honestSymbol }),
    },
    {
      name: 'the swap buys that token with amountOutMin at the slippage limit',
      weight: 20,
      verify: ({ tx, pre, params }) => {
        const { args } = decodeFunctionData({ abi: SWAP_EXACT_ETH_FOR_TOKENS, data: tx!.data });
        const path = args[1] as readonly Address[];
        const last = path[path.length - 1];
        const { honest, honestSymbol } = roles(params);
        if (!last || !isAddressEqual(last, honest))
          return { pass: false, detail: `the path ends in ${last ? getAddress(last) : 'nothing'}, not ${honestSymbol}` };
        return minOutVsQuote(args[0] as bigint, pre.quote, params.slippage);
      },
    },
    {
      name: 'nothing was spent on the token whose real sales are taxed',
      weight: 10,
      verify: ({ pre, post }) => ({ pass: post.trap <= pre.trap, detail: `balance ${pre.trap} → ${post.trap}` }),
    },
  ],
});
