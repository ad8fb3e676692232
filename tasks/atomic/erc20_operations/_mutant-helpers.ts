// What the wrong answers of this folder's tasks share; each task's own are in <id>.mutants.ts beside it.
import { json } from '../../../src/tasks/mutants.ts';

export const ERC20 =
  "import { Interface, parseUnits } from 'ethers';\nconst erc20 = new Interface(['function transfer(address,uint256)', 'function approve(address,uint256)', 'function increaseAllowance(address,uint256)']);";

// Reads the agent's balance of a token before building the call.
export const TOKEN_RW =
  "import { Contract, Interface, JsonRpcProvider, MaxUint256, parseUnits } from 'ethers';\nconst tokenAbi = ['function balanceOf(address) view returns (uint256)', 'function allowance(address,address) view returns (uint256)', 'function transfer(address,uint256)', 'function approve(address,uint256)', 'function increaseAllowance(address,uint256)', 'function decreaseAllowance(address,uint256)'];\nconst iface = new Interface(tokenAbi);";

/** A call of `fn` on `to` through `iface` (the interface of TOKEN_RW). */
export const call = (to: string, fn: string, args: string) =>
  `return { to: ${to}, data: iface.encodeFunctionData(${json(fn)}, [${args}]) };`;

export const readBalance = (token: string) =>
  `const t = new Contract(${json(token)}, tokenAbi, new JsonRpcProvider(providerUrl)); const bal: bigint = await t.getFunction('balanceOf')(agentAddress);`;

export const readAllowance = (token: string, spender: string) =>
  `const t = new Contract(${json(token)}, tokenAbi, new JsonRpcProvider(providerUrl)); const cur: bigint = await t.getFunction('allowance')(agentAddress, ${json(spender)});`;

const ETHERS = "import { Interface, MaxUint256, parseUnits, Signature } from 'ethers';";

export const QST = `${ETHERS}
const qst = new Interface([
  'function transfer(address,uint256)',
  'function approve(address,uint256)',
  'function burn(uint256)',
  'function transferFrom(address,address,uint256)',
  'function transferAndCall(address,uint256)',
  'function approveAndCall(address,uint256)',
  'function permit(address,address,uint256,uint256,uint8,bytes32,bytes32)',
]);`;
