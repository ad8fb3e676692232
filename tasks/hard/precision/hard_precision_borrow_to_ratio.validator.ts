import { parseEther } from 'viem';
import {
  borrowAs,
  defineValidator,
  observeRatioBorrow,
  ratioBorrowChecks,
  type RatioBorrowState,
  type HardEnv,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_precision_borrow_to_ratio'>;

export default defineValidator<Params, RatioBorrowState, HardEnv>({
  kind: 'transaction',
  target: ({ env }) => env.vUSDT,
  // The wallet's 2 BNB supply (entered) now also backs a CAKE loan: the ratio counts every debt.
  setup: async ({ chain, env, agent, params }) => borrowAs(chain, agent, env.vCAKE, parseEther(params.cake_debt)),
  observe: observeRatioBorrow,
  checks: ratioBorrowChecks(),
});
