// What the wrong answers of this folder's tasks share; each task's own are in <id>.mutants.ts beside it.

const ETHERS = "import { Interface, parseEther, parseUnits } from 'ethers';";

export const ABI = `${ETHERS}
const abi = new Interface([
  'function increment()',
  'function count() view returns (uint256)',
  'function reset()',
  'function donate() payable',
  'function setMessage(string)',
  'function message() view returns (string)',
]);`;
