import { encodeFunctionData, maxUint256, pad, parseAbi, parseEther, type Address, type Hex } from 'viem';
import { addressOn } from '../tasks/address-map.ts';
import { BSC, DEPLOYER, MARKER_ADDRESS } from './addresses.ts';
import type { MirrorManifest } from './build-mirror.ts';
import { sendAs } from './impersonate.ts';
import type { ChainClients } from './rpc.ts';
import { setTokenBalance } from './token-balance.ts';

/** Holds USDT and has approved the agent, for transferFrom tasks. */
export const RICH_ACCOUNT = addressOn('rich_address');

/** Spenders with a standing USDT allowance from the agent, for revoke tasks (canonical BSC addresses, no code needed). */
export const PRESET_SPENDERS = {
  venus: addressOn('venus'),
  pancake_v3_router: addressOn('pancake_v3_router'),
} as const satisfies Record<string, Address>;

/** What every instance starts with; tasks state amounts relative to these. */
export const AGENT_HOLDINGS = {
  BNB: parseEther('100'),
  WBNB: parseEther('10'),
  USDT: parseEther('1000'),
  BUSD: parseEther('1000'),
  CAKE: parseEther('200'),
  QST: parseEther('1000000'),
  /** Reward-pool stake (USDT/BUSD LP), accruing CAKE from before the snapshot. */
  rewardPoolStake: parseEther('0.5'),
  richUsdt: parseEther('5000'),
  richAllowance: parseEther('1000'),
} as const;

/** Standing allowances from the agent, so single-transaction swap, stake and liquidity tasks are possible. */
const ROUTER_ALLOWANCE = parseEther('10000');

const ABI = parseAbi([
  'function deposit() payable',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function mint(address to, uint256 amount)',
  'function mintRange(address to, uint256 fromId, uint256 toId)',
  'function mint(address to, uint256 id, uint256 amount)',
  'function depositFor(address user, uint256 amount)',
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256, uint256, uint256)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256, uint256, uint256)',
]);
const call = (functionName: string, args: readonly unknown[]) =>
  encodeFunctionData({ abi: ABI, functionName: functionName as never, args: args as never });
const approve = (spender: Address, amount: bigint) => call('approve', [spender, amount]);

/**
 * Gives the run's fresh agent its starting state and stamps the node with the run's marker. Assets
 * are created the way they would be on chain (wrapping, minting, adding liquidity, staking), so
 * every later unwrap, burn or withdrawal is backed.
 */
export async function provisionAgent(chain: ChainClients, agent: Address, marker: Hex, manifest: MirrorManifest): Promise<void> {
  const c = manifest.contracts;
  const lpStable = manifest.pairs.USDT_BUSD!;
  const lpBnb = manifest.pairs.WBNB_USDT!;
  const deadline = 4_000_000_000n;

  await chain.test.setStorageAt({ address: MARKER_ADDRESS, index: 0, value: pad(marker) });
  await chain.test.setBalance({ address: agent, value: parseEther('1000') });
  await sendAs(chain, agent, BSC.WBNB, call('deposit', []), AGENT_HOLDINGS.WBNB);
  for (const [token, amount] of [
    [BSC.USDT, AGENT_HOLDINGS.USDT],
    [BSC.BUSD, AGENT_HOLDINGS.BUSD],
    [BSC.CAKE, AGENT_HOLDINGS.CAKE],
  ] as const) {
    await setTokenBalance(chain, token, agent, amount);
  }

  // The deployer owns the collections and holds pool liquidity: it mints and provides for the agent.
  if (c.erc1363_token) await sendAs(chain, DEPLOYER, c.erc1363_token, call('mint', [agent, AGENT_HOLDINGS.QST]));
  if (c.erc721_token) await sendAs(chain, DEPLOYER, c.erc721_token, call('mintRange', [agent, 1n, 10n]));
  if (c.pancake_squad) await sendAs(chain, DEPLOYER, c.pancake_squad, call('mintRange', [agent, 1n, 3n]));
  if (c.erc1155_token) {
    for (const [id, amount] of [
      [1n, 1000n],
      [2n, 500n],
      [3n, 100n],
    ] as const) {
      await sendAs(chain, DEPLOYER, c.erc1155_token, encodeFunctionData({ abi: ABI, functionName: 'mint', args: [agent, id, amount] }));
    }
  }
  await sendAs(
    chain,
    DEPLOYER,
    BSC.PANCAKE_ROUTER,
    call('addLiquidity', [BSC.USDT, BSC.BUSD, parseEther('2'), parseEther('2'), 0n, 0n, agent, deadline]),
  );
  await sendAs(
    chain,
    DEPLOYER,
    BSC.PANCAKE_ROUTER,
    call('addLiquidityETH', [BSC.USDT, parseEther('600'), 0n, 0n, agent, deadline]),
    parseEther('1'),
  );
  if (c.simple_reward_pool) {
    await sendAs(chain, DEPLOYER, lpStable, approve(c.simple_reward_pool, AGENT_HOLDINGS.rewardPoolStake));
    await sendAs(chain, DEPLOYER, c.simple_reward_pool, call('depositFor', [agent, AGENT_HOLDINGS.rewardPoolStake]));
  }

  const allowances: [Address, Address, bigint][] = [
    [BSC.USDT, BSC.PANCAKE_ROUTER, ROUTER_ALLOWANCE],
    [BSC.BUSD, BSC.PANCAKE_ROUTER, ROUTER_ALLOWANCE],
    [BSC.CAKE, BSC.PANCAKE_ROUTER, ROUTER_ALLOWANCE],
    [BSC.WBNB, BSC.PANCAKE_ROUTER, ROUTER_ALLOWANCE],
    [lpStable, BSC.PANCAKE_ROUTER, ROUTER_ALLOWANCE],
    [lpBnb, BSC.PANCAKE_ROUTER, ROUTER_ALLOWANCE],
    [BSC.USDT, PRESET_SPENDERS.venus, parseEther('1000')],
    [BSC.USDT, PRESET_SPENDERS.pancake_v3_router, parseEther('1000')],
  ];
  if (c.simple_staking) allowances.push([BSC.CAKE, c.simple_staking, ROUTER_ALLOWANCE]);
  if (c.simple_lp_staking) allowances.push([lpStable, c.simple_lp_staking, ROUTER_ALLOWANCE]);
  if (c.flashloan_contract) allowances.push([BSC.USDT, c.flashloan_contract, maxUint256]);
  for (const [token, spender, amount] of allowances) await sendAs(chain, agent, token, approve(spender, amount));

  await chain.test.setBalance({ address: RICH_ACCOUNT, value: parseEther('1') });
  await setTokenBalance(chain, BSC.USDT, RICH_ACCOUNT, AGENT_HOLDINGS.richUsdt);
  await sendAs(chain, RICH_ACCOUNT, BSC.USDT, approve(agent, AGENT_HOLDINGS.richAllowance));

  // Let the reward-pool stake accrue for a while of chain time, then round BNB to exactly 100.
  const head = await chain.public.getBlock({ blockTag: 'latest' });
  await chain.test.setNextBlockTimestamp({ timestamp: head.timestamp + 600n });
  await chain.test.setBalance({ address: agent, value: AGENT_HOLDINGS.BNB });
  await chain.test.mine({ blocks: 1 });
}
