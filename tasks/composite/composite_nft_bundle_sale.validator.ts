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

type Params = TaskParams<'composite_nft_bundle_sale'>;
type State = { owner1: Address; owner2: Address; agentNfts: bigint; buyerNfts: bigint; agentUsdt: bigint; buyerUsdt: bigint };

export default defineValidator<Params, State>({
  kind: 'workflow',
  observe: async ({ chain, env, agent, params }) => {
    const nft = env.erc721_token;
    return {
      owner1: await ownerOf(chain, nft, 1n),
      owner2: await ownerOf(chain, nft, 2n),
      agentNfts: await nftCount(chain, nft, agent),
      buyerNfts: await nftCount(chain, nft, params.buyer),
      agentUsdt: await balanceOf(chain, env.USDT, agent),
      buyerUsdt: await balanceOf(chain, env.USDT, params.buyer),
    };
  },
  checks: [
    {
      name: 'the buyer owns tokens #1 and #2',
      weight: 40,
      verify: ({ post, params }) => ({
        pass: sameAddress(post.owner1, params.buyer) && sameAddress(post.owner2, params.buyer),
        detail: `owner of #1: ${post.owner1}, owner of #2: ${post.owner2}`,
      }),
    },
    {
      name: 'no other Quest Squad token left the wallet',
      weight: 5,
      verify: ({ pre, post }) => {
        const pass = post.agentNfts === pre.agentNfts - 2n && post.buyerNfts === pre.buyerNfts + 2n;
        return { pass, detail: `wallet holds ${pre.agentNfts} → ${post.agentNfts}, buyer ${pre.buyerNfts} → ${post.buyerNfts}` };
      },
    },
    {
      name: 'the buyer got exactly the USDT rebate from the wallet',
      weight: 45,
      verify: async ({ chain, env, pre, post, params }) => {
        // In USDT's own decimals (18 on BSC; Base's USDC has 6).
        const want = await tokenUnits(chain, env.USDT, params.rebate);
        const tol = { symbol: 'USDT', decimals: await tokenDecimals(chain, env.USDT) };
        const got = compareAmount('buyer received', post.buyerUsdt - pre.buyerUsdt, want, tol);
        const paid = compareAmount('wallet paid', pre.agentUsdt - post.agentUsdt, want, tol);
        return { pass: got.pass && paid.pass, detail: `${got.detail}; ${paid.detail}` };
      },
    },
    {
      name: 'reported the current owners of both tokens',
      weight: 10,
      verify: ({ answer, pre, post }) => {
        const o1 = answerField(answer, 'owner1');
        const o2 = answerField(answer, 'owner2');
        // Reporting the owners of an unchanged collection verifies nothing.
        const changed = !sameAddress(post.owner1, pre.owner1) && !sameAddress(post.owner2, pre.owner2);
        const pass =
          changed && typeof o1 === 'string' && typeof o2 === 'string' && sameAddress(o1, post.owner1) && sameAddress(o2, post.owner2);
        return { pass, detail: `reported ${JSON.stringify(o1)} / ${JSON.stringify(o2)}, chain ${post.owner1} / ${post.owner2}` };
      },
    },
  ],
});
