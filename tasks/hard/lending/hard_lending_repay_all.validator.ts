import { parseEther } from 'viem';
import {
  allowanceOf,
  approvalCalls,
  balanceOf,
  borrowAs,
  compareAmount,
  defineValidator,
  venusPosition,
  type VenusPosition,
  type HardEnv,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_lending_repay_all'>;
type State = { usdt: bigint; loan: VenusPosition; allowance: bigint; bnb: VenusPosition };

const ONE = 10n ** 18n;

export default defineValidator<Params, State, HardEnv>({
  kind: 'workflow',
  // A USDT loan against the wallet's 2 BNB collateral; it accrues interest every block from here on.
  setup: async ({ chain, env, agent, params }) => borrowAs(chain, agent, env.vUSDT, parseEther(params.debt)),
  observe: async ({ chain, env, agent }) => ({
    usdt: await balanceOf(chain, env.USDT, agent),
    loan: await venusPosition(chain, env.vUSDT, agent),
    allowance: await allowanceOf(chain, env.USDT, agent, env.vUSDT),
    bnb: await venusPosition(chain, env.vBNB, agent),
  }),
  checks: [
    {
      name: 'no USDT debt is left, not a wei',
      weight: 60,
      verify: ({ post }) => ({ pass: post.loan.borrow === 0n, detail: `USDT debt left ${post.loan.borrow} wei` }),
    },
    {
      // The debt at the start plus a few blocks of interest (far below a millionth of it).
      name: 'the wallet paid the debt with its interest, no more',
      weight: 15,
      verify: ({ pre, post }) => {
        const paid = pre.usdt - post.usdt;
        const pass = paid >= pre.loan.borrow && paid <= pre.loan.borrow + pre.loan.borrow / 1_000_000n;
        return { pass, detail: `paid ${Number(paid) / 1e18} USDT against a debt of ${Number(pre.loan.borrow) / 1e18}` };
      },
    },
    {
      name: 'the approval was the debt plus 1 USDT at most, and at most 1 USDT of it is left',
      weight: 15,
      verify: ({ pre, post, txs, env }) => {
        if (post.usdt === pre.usdt) return { pass: false, detail: 'nothing was repaid' };
        const over = approvalCalls(txs, env.USDT, env.vUSDT).find((g) => g.amount > pre.loan.borrow + ONE + pre.loan.borrow / 1_000_000n);
        if (over) return { pass: false, detail: `approved ${Number(over.amount) / 1e18} USDT, more than the debt plus 1 USDT` };
        return compareAmount('allowance left', post.allowance, 0n, { abs: ONE, symbol: 'USDT' });
      },
    },
    {
      name: 'the BNB collateral is untouched',
      weight: 10,
      verify: ({ pre, post }) => ({
        pass: post.usdt !== pre.usdt && post.bnb.vTokens === pre.bnb.vTokens,
        detail: `${post.bnb.vTokens} vBNB`,
      }),
    },
  ],
});
