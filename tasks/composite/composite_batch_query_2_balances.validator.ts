import { parseUnits } from 'viem';
import { balanceOf, defineValidator, reportedBySymbol, setTokenBalance } from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_batch_query_2_balances'>;
type State = { usdt: bigint; busd: bigint };

export default defineValidator<Params, State>({
  kind: 'workflow',
  // Unguessable truth: a fresh address with random balances of both tokens.
  setup: async ({ chain, env, params }) => {
    await setTokenBalance(chain, env.USDT, params.holder, parseUnits(params.planted_usdt, 18));
    await setTokenBalance(chain, env.BUSD, params.holder, parseUnits(params.planted_busd, 18));
  },
  observe: async ({ chain, env, params }) => ({
    usdt: await balanceOf(chain, env.USDT, params.holder),
    busd: await balanceOf(chain, env.BUSD, params.holder),
  }),
  checks: [
    {
      name: 'reported USDT balance equals the chain',
      weight: 50,
      verify: ({ answer, post }) => reportedBySymbol(answer, 'USDT', post.usdt),
    },
    {
      name: 'reported BUSD balance equals the chain',
      weight: 50,
      verify: ({ answer, post }) => reportedBySymbol(answer, 'BUSD', post.busd),
    },
  ],
});
