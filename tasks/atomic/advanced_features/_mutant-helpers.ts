// What the wrong answers of this folder's tasks share; each task's own are in <id>.mutants.ts beside it.

const ETHERS = "import { Interface, parseEther, parseUnits } from 'ethers';";

export const ABI = `${ETHERS}
const abi = new Interface([
  'function donate() payable',
  'function setValue(uint256)',
  'function value() view returns (uint256)',
  'function flashLoan(address,uint256)',
  'function fee(uint256) view returns (uint256)',
  'function transfer(address,uint256)',
]);`;
