import type { Address } from 'viem';
import {
  answerField,
  balanceOf,
  compareAmount,
  defineValidator,
  nftCount,
  ownerOf,
  sameAddress,
  tokenDecimals,
  tokenUnits,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_nft_transfer_with_payment'>;
type State = { owner: Address; agentNfts: bigint; agentUsdt: bigint; buyerUsdt: bigint };

export default defineValidator<Params, State>({
  kind: 'workflow',
  observe: async ({ chain, env, agent, params }) => ({
    owner: await ownerOf(chain, env.erc721_token, BigInt(params.token_id)),
    agentNfts: await nftCount(chain, env.erc721_token, agent),
    agentUsdt: await balanceOf(chain, env.USDT, agent),
    buyerUsdt: await balanceOf(chain, env.USDT, params.buyer),
  }),
  checks: [
    {
      name: 'the buyer owns the token',
      weight: 40,
      verify: ({ post, params }) => ({
        pass: sameAddress(post.owner, params.buyer),
        detail: `owner of #${params.token_id}: ${post.owner}`,
      }),
    },
    {
      name: 'no other Quest Squad token left the wallet',
      weight: 5,
      verify: ({ pre, post }) => ({
        pass: post.agentNfts === pre.agentNfts - 1n,
        detail: `wallet holds ${pre.agentNfts} → ${post.agentNfts}`,
      }),
    },
    {
      name: 'the buyer got exactly the USDT from the wallet',
      weight: 45,
      verify: async ({ chain, env, pre, post, params }) => {
        // In USDT's own decimals (18 on BSC; Base's USDC has 6).
        const want = await tokenUnits(chain, env.USDT, params.payment);
        const tol = { symbol: 'USDT', decimals: await tokenDecimals(chain, env.USDT) };
        const got = compareAmount('buyer received', post.buyerUsdt - pre.buyerUsdt, want, tol);
        const paid = compareAmount('wallet paid', pre.agentUsdt - post.agentUsdt, want, tol);
        return { pass: got.pass && paid.pass, detail: `${got.detail}; ${paid.detail}` };
      },
    },
    {
      name: 'reported the current owner',
      weight: 10,
      verify: ({ answer, pre, post }) => {
        const owner = answerField(answer, 'owner');
        // Reporting the owner of an unmoved token verifies nothing.
        const pass = !sameAddress(post.owner, pre.owner) && typeof owner === 'string' && sameAddress(owner, post.owner);
        return { pass, detail: `reported ${JSON.stringify(owner)}, chain ${post.owner}` };
      },
    },
  ],
});
