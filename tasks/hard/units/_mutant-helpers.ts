// What the wrong answers of this folder's tasks share; each task's own are in <id>.mutants.ts beside it.
import { json } from '../../../src/tasks/mutants.ts';

export const VIEM = "import { createPublicClient, encodeFunctionData, erc20Abi, http, parseUnits, formatUnits, parseAbi } from 'viem';";

export const transfer = (token: string, to: string, amount: string) =>
  `return { to: ${json(token)}, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [${json(to)}, ${amount}] }) };`;
