// What the wrong answers of this folder's tasks share; each task's own are in <id>.mutants.ts beside it.

export const ETHERS = "import { JsonRpcProvider } from 'ethers';";
