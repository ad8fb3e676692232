// Harness-side setup for a task that brings its own token: placed at a fixed address and launched on
// PancakeSwap V2 against WBNB the way a token's owner launches it (addLiquidityETH through the router),
// so the pool, its reserves and the LP supply are all real. Never reachable from scripts.
import { encodeFunctionData, erc20Abi, parseAbi, parseEther, type Address, type Hex } from 'viem';
import { DEPLOYER } from '../chain/addresses.ts';
import { sendAs } from '../chain/impersonate.ts';
import type { ChainClients } from '../chain/rpc.ts';
import { byRole, type EnvMap } from '../tasks/address-map.ts';
import { deployContract } from './plant.ts';

const LAUNCH = parseAbi([
  'function mint(address to, uint256 amount)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256, uint256, uint256)',
  'function getPair(address tokenA, address tokenB) view returns (address)',
  'function setPair(address pair, bool value)',
]);

export interface TokenLaunch {
  /** Compiled artifact (ABI and creation bytecode); its constructor must make the deployer the owner with an owner-only mint. */
  artifact: { abi: readonly unknown[]; bytecode: Hex };
  at: Address;
  args?: readonly unknown[];
  /** The pool's starting reserves, in base units. */
  tokenReserve: bigint;
  bnbReserve: bigint;
  /** After the launch, the owner registers the pair with the token's setPair(pair, true). */
  registerPair?: boolean;
}

/** Deploys the token at `at` and seeds its WBNB pool from the deployer; returns the pair's address. */
export async function launchV2Token(chain: ChainClients, env: EnvMap, launch: TokenLaunch): Promise<Address> {
  const { at, tokenReserve, bnbReserve } = launch;
  await deployContract(chain, launch.artifact, at, launch.args);
  await chain.test.setBalance({ address: DEPLOYER, value: bnbReserve + parseEther('10') });
  await sendAs(chain, DEPLOYER, at, encodeFunctionData({ abi: LAUNCH, functionName: 'mint', args: [DEPLOYER, tokenReserve] }));
  await sendAs(
    chain,
    DEPLOYER,
    at,
    encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [byRole(env, 'v2Router'), tokenReserve] }),
  );
  const { timestamp } = await chain.public.getBlock();
  const add = encodeFunctionData({
    abi: LAUNCH,
    functionName: 'addLiquidityETH',
    args: [at, tokenReserve, tokenReserve, bnbReserve, DEPLOYER, timestamp + 3600n],
  });
  await sendAs(chain, DEPLOYER, byRole(env, 'v2Router'), add, bnbReserve, 6_000_000n);
  const pair = await chain.public.readContract({
    address: byRole(env, 'v2Factory'),
    abi: LAUNCH,
    functionName: 'getPair',
    args: [at, byRole(env, 'wrappedNative')],
  });
  if (launch.registerPair)
    await sendAs(chain, DEPLOYER, at, encodeFunctionData({ abi: LAUNCH, functionName: 'setPair', args: [pair, true] }));
  return pair;
}
