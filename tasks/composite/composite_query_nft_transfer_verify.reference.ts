import { defineCompositeReference, lit, query, submit, ts } from 'evm-questbench/composite';

export default defineCompositeReference((params, env) => ({
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
