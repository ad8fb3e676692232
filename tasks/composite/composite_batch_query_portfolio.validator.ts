import { parseEther, parseUnits } from 'viem';
import { balanceOf, defineValidator, nativeBalance, reportedBySymbol, setTokenBalance } from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_batch_query_portfolio'>;
type State = { bnb: bigint; usdt: bigint; cake: bigint };

export default defineValidator<Params, State>({
  kind: 'workflow',
  // Unguessable truth: the wallet's usual starting holdings are replaced by random ones.
  setup: async ({ chain, env, agent, params }) => {
    await chain.test.setBalance({ address: agent, value: parseEther(params.planted_bnb) });
    await setTokenBalance(chain, env.USDT, agent, parseUnits(params.planted_usdt, 18));
    await setTokenBalance(chain, env.CAKE, agent, parseUnits(params.planted_cake, 18));
  },
  // Compared with the end state: a transaction sent along the way legitimately changes the BNB figure.
  observe: async ({ chain, env, agent }) => ({
    bnb: await nativeBalance(chain, agent),
    usdt: await balanceOf(chain, env.USDT, agent),
    cake: await balanceOf(chain, env.CAKE, agent),
  }),
  checks: [
    { name: 'reported BNB balance equals the chain', weight: 25, verify: ({ answer, post }) => reportedBySymbol(answer, 'BNB', post.bnb) },
    {
      name: 'reported USDT balance equals the chain',
      weight: 25,
      verify: ({ answer, post }) => reportedBySymbol(answer, 'USDT', post.usdt),
    },
    {
      name: 'reported CAKE balance equals the chain',
      weight: 25,
      verify: ({ answer, post }) => reportedBySymbol(answer, 'CAKE', post.cake),
    },
    {
      // A snapshot with a wrong figure is not a snapshot: two right values out of three stay below the pass line.
      name: 'the whole snapshot is right',
      weight: 25,
      verify: ({ answer, post }) => {
        const parts = [
          reportedBySymbol(answer, 'BNB', post.bnb),
          reportedBySymbol(answer, 'USDT', post.usdt),
          reportedBySymbol(answer, 'CAKE', post.cake),
        ];
        return { pass: parts.every((p) => p.pass), detail: `${parts.filter((p) => p.pass).length} of 3 balances right` };
      },
    },
  ],
});
