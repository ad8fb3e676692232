import { defineCompositeReference, lit, query, submit, ts } from 'evm-questbench/composite';

export default defineCompositeReference((params) => ({
  plan: '1. transferFrom the NFT to the buyer.\n2. Transfer the USDT to the buyer.\n3. Query the token owner, then submit it.',
  rounds: [
    ts(
      `const nft = new Interface(['function transferFrom(address from, address to, uint256 tokenId)']);
  return { to: deployedContracts.erc721_token, data: nft.encodeFunctionData('transferFrom', [agentAddress, ${lit(params.buyer)}, ${lit(params.token_id)}]) };`,
      "import { Interface } from 'ethers';",
    ),
    ts(
      `const usdt = new Interface(['function transfer(address to, uint256 amount) returns (bool)']);
  return { to: deployedContracts.USDT, data: usdt.encodeFunctionData('transfer', [${lit(params.buyer)}, parseUnits(${lit(params.payment)}, 18)]) };`,
      "import { Interface, parseUnits } from 'ethers';",
    ),
    query({ type: 'nft_owner', nft: 'erc721_token', tokenId: Number(params.token_id) }),
    submit({ owner: params.buyer }),
  ],
}));
