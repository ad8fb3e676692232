// What the wrong answers of this folder's tasks share; each task's own are in <id>.mutants.ts beside it.
import { json } from '../../../src/tasks/mutants.ts';

export const READER = (abi: string[]) =>
  `import { Contract, JsonRpcProvider, formatUnits } from 'ethers';\nconst read = (url: string, to: string, fn: string, args: unknown[]): Promise<bigint> => new Contract(to, ${json(abi)}, new JsonRpcProvider(url)).getFunction(fn)(...args);`;
