import type { Address } from 'viem';
import {
  defineCompositeReference,
  query,
  script,
  read,
  submit,
  transferNft,
  transferToken,
  type SkillContext,
} from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

/** `amount` whole tokens in the token's own decimals, read from the token (USDT has 18 on BSC, Base's USDC 6). */
async function units(
  { viem: { createPublicClient, erc20Abi, http, parseUnits }, providerUrl }: SkillContext,
  a: { token: Address; amount: string },
): Promise<bigint> {
  const client = createPublicClient({ transport: http(providerUrl) });
  return parseUnits(a.amount, await client.readContract({ address: a.token, abi: erc20Abi, functionName: 'decimals' }));
}

export default defineCompositeReference((params: TaskParams<'composite_nft_transfer_with_payment'>, env) => ({
  plan: '1. transferFrom the NFT to the buyer.\n2. Transfer the USDT to the buyer.\n3. Query the token owner, then submit it.',
  rounds: [
    script(transferNft, { nft: env.erc721_token, to: params.buyer, tokenId: BigInt(params.token_id) }),
    script(transferToken, { token: env.USDT, to: params.buyer, amount: read(units, { token: env.USDT, amount: params.payment }) }),
    query({ type: 'nft_owner', nft: 'erc721_token', tokenId: params.token_id }),
    submit({ owner: params.buyer }),
  ],
}));
