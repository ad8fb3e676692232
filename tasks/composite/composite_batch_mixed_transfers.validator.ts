import { parseEther, type Address, type PublicClient } from 'viem';
import { balanceOf, compareAmount, defineValidator, episodeGas, nativeBalance, tokenDecimals, tokenUnits } from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_batch_mixed_transfers'>;
type Holdings = { bnb: bigint; usdt: bigint; busd: bigint };
type State = { agent: Holdings; recipient: Holdings };

/** `amount` of a token in its own decimals (USDT: 18 on BSC, 6 for Base's USDC), and how a detail prints it. */
const wanted = async (chain: PublicClient, token: Address, amount: string, symbol: string) => ({
  want: await tokenUnits(chain, token, amount),
  tol: { decimals: await tokenDecimals(chain, token), symbol },
});

export default defineValidator<Params, State>({
  kind: 'workflow',
  observe: async ({ chain, env, agent, params }) => {
    const read = async (who: Address): Promise<Holdings> => ({
      bnb: await nativeBalance(chain, who),
      usdt: await balanceOf(chain, env.USDT, who),
      busd: await balanceOf(chain, env.BUSD, who),
    });
    return { agent: await read(agent), recipient: await read(params.to) };
  },
  checks: [
    {
      name: 'recipient received exactly the BNB',
      weight: 28,
      verify: ({ pre, post, params }) =>
        compareAmount('BNB received', post.recipient.bnb - pre.recipient.bnb, parseEther(params.amount_bnb), { symbol: 'BNB' }),
    },
    {
      name: 'recipient received exactly the USDT',
      weight: 28,
      verify: async ({ chain, env, pre, post, params }) => {
        const { want, tol } = await wanted(chain, env.USDT, params.amount_usdt, 'USDT');
        return compareAmount('USDT received', post.recipient.usdt - pre.recipient.usdt, want, tol);
      },
    },
    {
      name: 'recipient received exactly the BUSD',
      weight: 28,
      verify: async ({ chain, env, pre, post, params }) => {
        const { want, tol } = await wanted(chain, env.BUSD, params.amount_busd, 'BUSD');
        return compareAmount('BUSD received', post.recipient.busd - pre.recipient.busd, want, tol);
      },
    },
    {
      // Nothing else left the wallet: the three payments, plus gas for the BNB side.
      name: 'wallet paid exactly these amounts (plus gas)',
      weight: 16,
      verify: async ({ chain, env, pre, post, params, txs }) => {
        if (!(txs ?? []).length) return { pass: false, detail: 'no transaction was sent' };
        const gas = episodeGas(txs);
        const usdt = await wanted(chain, env.USDT, params.amount_usdt, 'USDT');
        const busd = await wanted(chain, env.BUSD, params.amount_busd, 'BUSD');
        const parts = [
          compareAmount('BNB out (without gas)', pre.agent.bnb - post.agent.bnb - gas, parseEther(params.amount_bnb), { symbol: 'BNB' }),
          compareAmount('USDT out', pre.agent.usdt - post.agent.usdt, usdt.want, usdt.tol),
          compareAmount('BUSD out', pre.agent.busd - post.agent.busd, busd.want, busd.tol),
        ];
        return { pass: parts.every((p) => p.pass), detail: parts.map((p) => p.detail).join('; ') };
      },
    },
  ],
});
