// What the wrong answers of this folder's tasks share; each task's own are in <id>.mutants.ts beside it.
import { json, returns } from '../../../src/tasks/mutants.ts';

const POOL_ABI =
  "import { Contract, Interface, JsonRpcProvider, parseUnits } from 'ethers';\nconst abi = new Interface(['function stake(uint256)', 'function unstake(uint256)', 'function deposit(uint256)', 'function withdraw(uint256)', 'function harvest()', 'function emergencyWithdraw()', 'function transfer(address,uint256)']);";

export const call = (to: string, fn: string, args: string) =>
  returns(`return { to: ${to}, data: abi.encodeFunctionData(${json(fn)}, [${args}]) };`, POOL_ABI);

/**
 * A call whose arguments may read the chain: `stakedOf(pool)` (the agent's stake there) and `balanceOf(token)`
 * (the agent's wallet balance) are in scope, so an amount follows the holdings of the chain it runs on
 * (the reward-pool stake is 0.5 LP on BSC and 5e11 units of the USDC/DAI LP on Base).
 */
export const callReading = (to: string, fn: string, args: string) =>
  returns(
    `const provider = new JsonRpcProvider(providerUrl);
const read = (at: string, sig: string): Promise<bigint> => new Contract(at, [sig], provider).getFunction(sig.slice(9, sig.indexOf('(')))(agentAddress);
const stakedOf = (pool: string) => read(pool, 'function stakedOf(address) view returns (uint256)');
const balanceOf = (token: string) => read(token, 'function balanceOf(address) view returns (uint256)');
return { to: ${to}, data: abi.encodeFunctionData(${json(fn)}, [${args}]) };`,
    POOL_ABI,
  );
