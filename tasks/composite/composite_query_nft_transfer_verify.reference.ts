import { defineCompositeReference, lastQueryResult, query, script, submit, transferNft } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_query_nft_transfer_verify'>;

const reference = defineCompositeReference((params: Params, env) => ({
  plan: '1. Query the current owner of the token.\n2. transferFrom(wallet, recipient, id) on erc721_token.\nThen submit both owners: the successful transfer makes the recipient the owner.',
  rounds: [
    query({ type: 'nft_owner', nft: 'erc721_token', tokenId: params.tokenId }),
    script(transferNft, { nft: env.erc721_token, to: params.to, tokenId: BigInt(params.tokenId) }),
    submit({ previousOwner: env.agent, newOwner: params.to }),
  ],
}));

export default reference;

/**
 * Every step the request asks for, one round each, answering only from what the rounds showed: the
 * owner the query returned, and the recipient, whom the successful transfer made the owner.
 */
export const literal = defineCompositeReference((params: Params, env) => {
  const { plan, rounds } = reference(params, env);
  return {
    plan,
    rounds: [
      ...rounds.slice(0, 2),
      (feedback) => submit({ previousOwner: lastQueryResult(feedback, { type: 'nft_owner' }).owner, newOwner: params.to }),
    ],
  };
});
