import { defineCompositeReference, lastQueryResult, lit, query, submit, ts } from 'evm-questbench/composite';

const reference = defineCompositeReference((params, env) => ({
  plan: '1. Query the current owner of the token.\n2. transferFrom(wallet, recipient, id) on erc721_token.\nThen submit both owners: the successful transfer makes the recipient the owner.',
  rounds: [
    query({ type: 'nft_owner', nft: 'erc721_token', tokenId: params.tokenId }),
    ts(
      `const nft = new Interface(['function transferFrom(address from, address to, uint256 tokenId)']);
  return { to: deployedContracts.erc721_token, data: nft.encodeFunctionData('transferFrom', [agentAddress, ${lit(params.to)}, ${lit(params.tokenId)}]) };`,
      "import { Interface } from 'ethers';",
    ),
    submit({ previousOwner: env.agent, newOwner: params.to }),
  ],
}));

export default reference;

/**
 * Every step the request asks for, one round each, answering only from what the rounds showed: the
 * owner the query returned, and the recipient, whom the successful transfer made the owner.
 */
export const literal = defineCompositeReference((params, env) => {
  const { plan, rounds } = reference(params, env);
  return { plan, rounds: [rounds[0]!, rounds[1]!, (feedback) => submit({ previousOwner: lastQueryResult(feedback, { type: 'nft_owner' }).owner, newOwner: params.to })] };
});
