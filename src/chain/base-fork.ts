// Fork mode on Base: a node forking a real Base endpoint at a pinned block, where Uniswap V2, WETH and the
// tokens are the real ones and our task contracts are deployed at boot, as bootstrapFork does on BSC.
import { encodeFunctionData, getAddress, maxUint256, parseAbi, parseEther, parseUnits, type Address } from 'viem';
import { DEPLOYER } from './addresses.ts';
import { loadArtifacts } from './artifacts.ts';
import { placeAuxContracts } from './aux-place.ts';
import { baseAuxContracts } from './build-base-mirror.ts';
import { BASE, BASE_ADDRESS_OF, BASE_CHAIN_ID, BASE_POOLS, BASE_TOKENS } from './base-spec.ts';
import type { MirrorManifest } from './build-mirror.ts';
import { ForkError, forkRpc, type ForkTarget } from './fork.ts';
import { sendAs } from './impersonate.ts';
import type { ChainClients } from './rpc.ts';
import { setTokenBalance } from './token-balance.ts';

const BASE_MAINNET =
  'QUEST_FORK_URL must be a Base mainnet (chain id 8453) endpoint with QUEST_CHAIN=base; unset it to use the Base mirror';
const FACTORY = parseAbi(['function getPair(address, address) view returns (address)']);

/** The Base address map on a fork: the canonical tokens and Uniswap V2, the upstream's own pairs, our contracts at their addresses. */
export async function baseForkManifest(target: ForkTarget): Promise<MirrorManifest> {
  if (target.chainId !== BASE_CHAIN_ID)
    throw new ForkError(`the fork's chain id is ${target.chainId}, not Base's ${BASE_CHAIN_ID}`, BASE_MAINNET);
  const pairs: Record<string, Address> = {};
  for (const p of BASE_POOLS) {
    const data = encodeFunctionData({ abi: FACTORY, functionName: 'getPair', args: [BASE_ADDRESS_OF[p.a], BASE_ADDRESS_OF[p.b]] });
    const pair = getAddress(
      `0x${(await forkRpc<string>(target.url, 'eth_call', [{ to: BASE.UNISWAP_V2_FACTORY, data }, `0x${target.block.toString(16)}`], 10_000, BASE_MAINNET)).slice(-40)}`,
    );
    if (BigInt(pair) === 0n) throw new ForkError(`the fork has no Uniswap V2 pair for ${p.a}/${p.b}`, BASE_MAINNET);
    pairs[`${p.a}_${p.b}`] = pair;
  }
  return {
    chainId: target.chainId,
    blockNumber: Number(target.block),
    tokens: { WETH: BASE.WETH, USDC: BASE.USDC, DAI: BASE.DAI, DEGEN: BASE.DEGEN },
    dex: { router: BASE.UNISWAP_V2_ROUTER, factory: BASE.UNISWAP_V2_FACTORY },
    pairs,
    contracts: Object.fromEntries(baseAuxContracts().map((c) => [c.key, c.address])),
  };
}

const ERC20 = parseAbi(['function approve(address spender, uint256 amount) returns (bool)']);
const ROUTER = parseAbi([
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256, uint256, uint256)',
]);

/**
 * What the Base mirror has built in and a real Base lacks: the deployer's tokens and stablecoin-pair
 * liquidity (it provisions every agent), and our task contracts, wired to Base's tokens and pairs.
 */
export async function bootstrapBaseFork(chain: ChainClients, manifest: MirrorManifest): Promise<void> {
  await chain.test.setBalance({ address: DEPLOYER, value: parseEther('1000000') });
  for (const t of BASE_TOKENS) {
    await setTokenBalance(chain, t.address, DEPLOYER, parseUnits('100000000', t.decimals));
    await sendAs(
      chain,
      DEPLOYER,
      t.address,
      encodeFunctionData({ abi: ERC20, functionName: 'approve', args: [BASE.UNISWAP_V2_ROUTER, maxUint256] }),
    );
  }
  await sendAs(
    chain,
    DEPLOYER,
    BASE.UNISWAP_V2_ROUTER,
    encodeFunctionData({
      abi: ROUTER,
      functionName: 'addLiquidity',
      args: [BASE.USDC, BASE.DAI, parseUnits('10000', 6), parseEther('10000'), 0n, 0n, DEPLOYER, 4_000_000_000n],
    }),
  );
  await placeAuxContracts(chain, loadArtifacts(), baseAuxContracts(), manifest.pairs);
}
