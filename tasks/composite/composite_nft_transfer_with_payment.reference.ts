import { defineCompositeReference, query, script, read, submit, transferNft, transferToken, tokenAmount } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_nft_transfer_with_payment'>, env) => ({
  plan: '1. transferFrom the NFT to the buyer.\n2. Transfer the USDT to the buyer.\n3. Query the token owner, then submit it.',
  rounds: [
    script(transferNft, { nft: env.erc721_token, to: params.buyer, tokenId: BigInt(params.token_id) }),
    script(transferToken, { token: env.USDT, to: params.buyer, amount: read(tokenAmount, { token: env.USDT, amount: params.payment }) }),
    query({ type: 'nft_owner', nft: 'erc721_token', tokenId: params.token_id }),
    submit({ owner: params.buyer }),
  ],
}));
