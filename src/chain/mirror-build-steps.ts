// The steps every mirror build takes on its fresh anvil, whatever the chain: the deployer's transactions,
// the artifacts it places, minting a token into the deployer, seeding V2 pools through the router, and
// the dump that ends the build.
import { gunzipSync } from 'node:zlib';
import { encodeFunctionData, getAddress, maxUint256, parseAbi, type Address, type Hex } from 'viem';
import { DEPLOYER } from './addresses.ts';
import { fixtureMissing } from './fixture-error.ts';
import type { ChainClients } from './rpc.ts';

const ERC20 = parseAbi(['function mint(address to, uint256 amount)', 'function approve(address spender, uint256 amount) returns (bool)']);
const FACTORY = parseAbi(['function getPair(address, address) view returns (address)']);
const ROUTER = parseAbi([
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256, uint256, uint256)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256, uint256, uint256)',
]);
const DEADLINE = 4_000_000_000n;

/** One deployer transaction, mined; `build` names the build in the error when it reverts. */
export async function deployerSend(chain: ChainClients, build: string, to: Address, data: Hex, value = 0n): Promise<void> {
  const hash = await chain.request<Hex>('eth_sendTransaction', [
    { from: DEPLOYER, to, data, value: `0x${value.toString(16)}`, gas: '0x989680' },
  ]);
  const r = await chain.public.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  if (r.status !== 'success') throw new Error(`${build} transaction to ${to} reverted`);
}

/** The artifact of a contract by name, or the fixture error that says to rebuild the fixtures. */
export function artifactFinder<A extends { contractName: string }>(artifacts: readonly A[]): (name: string) => A {
  const byName = new Map(artifacts.map((a) => [a.contractName, a]));
  return (name) => {
    const a = byName.get(name);
    if (!a) throw fixtureMissing(`artifact ${name} missing`);
    return a;
  };
}

/** Mints `amount` of a placed token to the deployer and lets the router spend all of it. */
export async function mintForPools(chain: ChainClients, build: string, token: Address, amount: bigint, router: Address): Promise<void> {
  await deployerSend(chain, build, token, encodeFunctionData({ abi: ERC20, functionName: 'mint', args: [DEPLOYER, amount] }));
  await deployerSend(chain, build, token, encodeFunctionData({ abi: ERC20, functionName: 'approve', args: [router, maxUint256] }));
}

/** A V2 pool to seed: its two tokens, their amounts, and the name its pair is listed under. */
export interface SeedPool {
  name: string;
  a: Address;
  b: Address;
  amountA: bigint;
  amountB: bigint;
}

/**
 * Seeds each pool through the router (addLiquidityETH when one side is the wrapped native coin, which
 * the deployer pays in the native coin) and returns the pairs the factory created, by name.
 */
export async function seedV2Pools(
  chain: ChainClients,
  build: string,
  dex: { router: Address; factory: Address; wrapped: Address },
  pools: readonly SeedPool[],
): Promise<Record<string, Address>> {
  const pairs: Record<string, Address> = {};
  for (const p of pools) {
    if (p.a === dex.wrapped || p.b === dex.wrapped) {
      const [token, tokenAmount, native] = p.a === dex.wrapped ? [p.b, p.amountB, p.amountA] : [p.a, p.amountA, p.amountB];
      const data = encodeFunctionData({
        abi: ROUTER,
        functionName: 'addLiquidityETH',
        args: [token, tokenAmount, 0n, 0n, DEPLOYER, DEADLINE],
      });
      await deployerSend(chain, build, dex.router, data, native);
    } else {
      const data = encodeFunctionData({
        abi: ROUTER,
        functionName: 'addLiquidity',
        args: [p.a, p.b, p.amountA, p.amountB, 0n, 0n, DEPLOYER, DEADLINE],
      });
      await deployerSend(chain, build, dex.router, data);
    }
    const pair = await chain.public.readContract({ address: dex.factory, abi: FACTORY, functionName: 'getPair', args: [p.a, p.b] });
    pairs[p.name] = getAddress(pair);
  }
  return pairs;
}

/** Ends a build: the deployer no longer impersonated, one more block, and the state anvil dumps (decoded JSON). */
export async function finishBuild(chain: ChainClients): Promise<{ blockNumber: number; state: string }> {
  await chain.test.stopImpersonatingAccount({ address: DEPLOYER });
  await chain.test.mine({ blocks: 1 });
  const blockNumber = Number(await chain.public.getBlockNumber());
  const dumped = await chain.request<Hex>('anvil_dumpState');
  return { blockNumber, state: gunzipSync(Buffer.from(dumped.slice(2), 'hex')).toString('utf8') };
}
