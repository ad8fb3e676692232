// What the wrong answers of this folder's tasks share; each task's own are in <id>.mutants.ts beside it.
import { json, returns } from '../../../src/tasks/mutants.ts';

const POOL_ABI =
  "import { Interface, parseUnits } from 'ethers';\nconst abi = new Interface(['function stake(uint256)', 'function unstake(uint256)', 'function deposit(uint256)', 'function withdraw(uint256)', 'function harvest()', 'function emergencyWithdraw()', 'function transfer(address,uint256)']);";

export const call = (to: string, fn: string, args: string) =>
  returns(`return { to: ${to}, data: abi.encodeFunctionData(${json(fn)}, [${args}]) };`, POOL_ABI);
