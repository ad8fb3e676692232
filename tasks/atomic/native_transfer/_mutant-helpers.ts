// What the wrong answers of this folder's tasks share; each task's own are in <id>.mutants.ts beside it.

export const WBNB_IFACE =
  "import { Interface, parseEther, parseUnits } from 'ethers';\nconst wbnb = new Interface(['function deposit() payable', 'function withdraw(uint256)']);";
