// What the wrong answers of this folder's tasks share; each task's own are in <id>.mutants.ts beside it.

/** ethers and `abi`, the collection's ABI of the one function `fn`. */
export const READ = (fn: string) => `import { Contract, JsonRpcProvider } from 'ethers';
const abi = ['${fn}'];`;

/** The collection at `address` (an expression) as a contract on the read-only provider. */
export const nftAt = (address: string) => `new Contract(${address}, abi, new JsonRpcProvider(providerUrl))`;
