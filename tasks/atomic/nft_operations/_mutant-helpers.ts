// What the wrong answers of this folder's tasks share; each task's own are in <id>.mutants.ts beside it.

export const NFT = `import { Interface } from 'ethers';
const nft = new Interface([
  'function transferFrom(address,address,uint256)',
  'function safeTransferFrom(address,address,uint256)',
  'function approve(address,uint256)',
  'function setApprovalForAll(address,bool)',
]);`;

export const MULTI = `import { AbiCoder, Interface, parseUnits, toUtf8Bytes, hexlify } from 'ethers';
const multi = new Interface([
  'function safeTransferFrom(address,address,uint256,uint256,bytes)',
  'function safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)',
  'function setApprovalForAll(address,bool)',
]);`;
