import { defineCompositeReference, lit, query, submit, ts } from 'evm-questbench/composite';

const IMPORTS = "import { encodeFunctionData, erc20Abi, parseAbi, parseEther, type Address } from 'viem';";

const transferNft = (buyer: string, id: number) =>
  ts(
    `const nft = parseAbi(['function safeTransferFrom(address from, address to, uint256 tokenId)']);
  return { to: deployedContracts.erc721_token, data: encodeFunctionData({ abi: nft, functionName: 'safeTransferFrom', args: [agentAddress as Address, ${lit(buyer)}, ${id}n] }) };`,
    IMPORTS,
  );

export default defineCompositeReference((params) => ({
  plan: '1. Transfer Quest Squad #1 to the buyer.\n2. Transfer #2 to the buyer.\n3. Transfer the USDT rebate.\n4. Query the owner of #1.\n5. Query the owner of #2.\nThen submit both owners.',
  rounds: [
    transferNft(String(params.buyer), 1),
    transferNft(String(params.buyer), 2),
    ts(
      `return { to: deployedContracts.USDT, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [${lit(params.buyer)}, parseEther(${lit(params.rebate)})] }) };`,
      IMPORTS,
    ),
    query({ type: 'nft_owner', nft: 'erc721_token', tokenId: 1 }),
    query({ type: 'nft_owner', nft: 'erc721_token', tokenId: 2 }),
    submit({ owner1: params.buyer, owner2: params.buyer }),
  ],
}));
