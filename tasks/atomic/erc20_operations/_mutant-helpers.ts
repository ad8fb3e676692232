// What the wrong answers of this folder's tasks share; each task's own are in <id>.mutants.ts beside it.
import { addressOn } from '../../../src/tasks/address-map.ts';
import { json } from '../../../src/tasks/mutants.ts';

export const ERC20 =
  "import { Contract, Interface, JsonRpcProvider, parseUnits } from 'ethers';\nconst erc20 = new Interface(['function transfer(address,uint256)', 'function approve(address,uint256)', 'function increaseAllowance(address,uint256)']);";

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

const ETHERS = "import { Contract, Interface, JsonRpcProvider, MaxUint256, parseUnits, Signature } from 'ethers';";

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

/**
 * `const dec`: the decimals of the token at `token` (a script expression), read from the chain, so an answer
 * whose mistake is not its units states amounts as a right one would (18 on BSC, 6 for Base's USDC).
 * Needs the ethers imports of ERC20, TOKEN_RW or QST.
 */
export const readDecimals = (token: string) =>
  `const dec = Number(await new Contract(${token}, ['function decimals() view returns (uint8)'], new JsonRpcProvider(providerUrl)).getFunction('decimals')());`;

/** The decimals of the usual mistake: 6 for an 18-decimal token, 18 for a 6-decimal one (after readDecimals). */
export const WRONG_DEC = '(dec === 6 ? 18 : 6)';

/**
 * A token's BSC mainnet address by its BSC key, as a model used to BSC writes it from memory: the mirror's
 * own on BSC (so the answer is right there), an address with no token on Base.
 */
export const bscAddressOf = (bscKey: string) => addressOn(bscKey, 'bsc');
