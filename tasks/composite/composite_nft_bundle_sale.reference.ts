import { call, defineCompositeReference, query, script, read, submit, transferToken, tokenAmount } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_nft_bundle_sale'>, env) => {
  const transferNft = (id: bigint) =>
    script(call, {
      to: env.erc721_token,
      signature: 'function safeTransferFrom(address from, address to, uint256 tokenId)',
      args: [env.agent, params.buyer, id],
    });
  return {
    plan: '1. Transfer Quest Squad #1 to the buyer.\n2. Transfer #2 to the buyer.\n3. Transfer the USDT rebate.\n4. Query the owner of #1.\n5. Query the owner of #2.\nThen submit both owners.',
    rounds: [
      transferNft(1n),
      transferNft(2n),
      script(transferToken, { token: env.USDT, to: params.buyer, amount: read(tokenAmount, { token: env.USDT, amount: params.rebate }) }),
      query({ type: 'nft_owner', nft: 'erc721_token', tokenId: 1 }),
      query({ type: 'nft_owner', nft: 'erc721_token', tokenId: 2 }),
      submit({ owner1: params.buyer, owner2: params.buyer }),
    ],
  };
});
