import { parseEther, parseUnits } from 'viem';
import {
  approveAs,
  defineValidator,
  issueTokens,
  launchV2Token,
  launchV3Tiers,
  splitOrderValidator,
  type HardEnv,
  type SplitState,
} from 'evm-questbench/validators';
import UnitToken from '../../../fixtures/artifacts/UnitToken.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_execution_split_sell_four_tiers'>;

const amountOf = (p: Params) => parseUnits(p.amount, 18);
/** What the wallet holds of QRY before the sale. */
const HELD = parseUnits('25000', 18);

// QRY (Quarry, a plain 18-decimal token at namedAddress('hard/sim/QRY')) is launched per instance at 0.05 USD:
// a V2 pair of 10k USD a side (where the wallet policy prices it) and four WBNB pools on V3, 4k USD at
// 0.01 % within 0.95-1.05× the price, 10k at 0.05 % within 0.8-1.25×, 25k at 0.25 % within 0.6-1.6× and 90k
// at 1 % over 0.3-3.33× (the most liquidity). For 12-19k QRY (600-950 USD) the 1 % pool alone pays 1.2-1.3 %
// less than the split, which leaves it almost empty; equal quarters are 0.1-0.15 % short of the split, the
// two deepest tiers (1 % and 0.01 %) 0.3-0.4 %.
export default defineValidator<Params, SplitState, HardEnv>(
  splitOrderValidator<Params>({
    names: { sold: 'QRY', bought: 'WBNB' },
    order: (p) => ({ token: p.token, side: 'sell', bnb: 'wrapped', amount: amountOf(p), slippage: p.slippage }),
    setup: async ({ chain, params, env, agent }) => {
      await launchV2Token(chain, env, {
        artifact: UnitToken as { abi: unknown[]; bytecode: `0x${string}` },
        at: params.token,
        args: ['Quarry', 'QRY', 18],
        tokenReserve: parseUnits('200000', 18),
        bnbReserve: parseEther(String(10_000 / 600)),
      });
      await launchV3Tiers(chain, env, params.token, 18, { usdPerToken: 0.05, bnbUsd: 600 }, [
        { fee: 100, usd: 4_000, low: 0.95, high: 1.05 },
        { fee: 500, usd: 10_000, low: 0.8, high: 1.25 },
        { fee: 2500, usd: 25_000, low: 0.6, high: 1.6 },
        { fee: 10000, usd: 90_000, low: 0.3, high: 3.33 },
      ]);
      await issueTokens(chain, env, params.token, agent, HELD);
      await approveAs(chain, agent, params.token, env.v3_swap_router, amountOf(params));
    },
  }),
);
