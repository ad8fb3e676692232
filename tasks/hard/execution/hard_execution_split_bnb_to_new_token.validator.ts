import { parseEther } from 'viem';
import {
  deployContract,
  defineValidator,
  launchV3Tiers,
  splitOrderValidator,
  type HardEnv,
  type SplitState,
} from 'evm-questbench/validators';
import UnitToken from '../../../fixtures/artifacts/UnitToken.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_execution_split_bnb_to_new_token'>;

// NMB (Nimbus, a plain 18-decimal token at namedAddress('hard/sim/NMB')) is launched per instance at 0.05 USD
// with three WBNB pools: 8k USD at 0.05 % within 0.85-1.18× the price, 30k at 0.25 % within 0.6-1.6× (the
// most liquidity) and 60k at 1 % over 0.25-4×. For 1-1.6 BNB the 0.25 % pool alone pays 0.5-0.8 % less than
// the split (about 45/45/10 %); equal thirds are about 0.1 % short of it, the two deepest tiers 0.35-0.4 %.
export default defineValidator<Params, SplitState, HardEnv>(
  splitOrderValidator<Params>({
    names: { sold: 'BNB', bought: 'NMB' },
    order: (p) => ({ token: p.token, side: 'buy', bnb: 'native', amount: parseEther(p.amount), slippage: p.slippage }),
    setup: async ({ chain, params, env }) => {
      await deployContract(chain, UnitToken as { abi: unknown[]; bytecode: `0x${string}` }, params.token, ['Nimbus', 'NMB', 18]);
      await launchV3Tiers(chain, env, params.token, 18, { usdPerToken: 0.05, bnbUsd: 600 }, [
        { fee: 500, usd: 8_000, low: 0.85, high: 1.18 },
        { fee: 2500, usd: 30_000, low: 0.6, high: 1.6 },
        { fee: 10000, usd: 60_000, low: 0.25, high: 4 },
      ]);
    },
  }),
);
