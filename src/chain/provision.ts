import { encodeFunctionData, maxUint256, pad, parseAbi, parseEther, parseUnits, type Address, type Hex } from 'viem';
import { addressOn } from '../tasks/address-map.ts';
import { BSC as BSC_PROFILE, chainKey, type ChainProfile } from '../tasks/chain-profile.ts';
import { DEPLOYER, MARKER_ADDRESS } from './addresses.ts';
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

/**
 * What the agent starts with on a chain, by the BSC role each token plays there, in the chain's units:
 * on BSC exactly AGENT_HOLDINGS; elsewhere the same value at the profile's prices (BNB 600 USD against
 * ETH 3,000 USD: 100 BNB become 20 ETH), in each token's own decimals.
 */
export interface ChainHoldings {
  native: bigint;
  wrapped: bigint;
  tokens: readonly (readonly ['USDT' | 'BUSD' | 'CAKE', bigint])[];
  /** The stablecoin pair's liquidity the deployer adds for the agent (first stablecoin, second). */
  stableLiquidity: readonly [bigint, bigint];
  /** The first stablecoin and native coin of the agent's wrapped-native pair liquidity. */
  nativeLiquidity: readonly [bigint, bigint];
  rewardPoolStake: bigint;
  /** Standing allowances of the agent: to the router, to the staking contracts, of the LP tokens. */
  allowance: (key: 'WBNB' | 'USDT' | 'BUSD' | 'CAKE' | 'LP') => bigint;
  /** The first stablecoin the preset spenders may take. */
  presetAllowance: bigint;
  richUsdt: bigint;
  richAllowance: bigint;
}

const BSC_HOLDINGS: ChainHoldings = {
  native: AGENT_HOLDINGS.BNB,
  wrapped: AGENT_HOLDINGS.WBNB,
  tokens: [
    ['USDT', AGENT_HOLDINGS.USDT],
    ['BUSD', AGENT_HOLDINGS.BUSD],
    ['CAKE', AGENT_HOLDINGS.CAKE],
  ],
  stableLiquidity: [parseEther('2'), parseEther('2')],
  nativeLiquidity: [parseEther('600'), parseEther('1')],
  rewardPoolStake: AGENT_HOLDINGS.rewardPoolStake,
  allowance: () => ROUTER_ALLOWANCE,
  presetAllowance: parseEther('1000'),
  richUsdt: AGENT_HOLDINGS.richUsdt,
  richAllowance: AGENT_HOLDINGS.richAllowance,
};

const usdc = (whole: string) => parseUnits(whole, 6);

/**
 * Base: ETH at 3,000 USD, USDC with 6 decimals, DEGEN at a cent. The USDC/DAI LP token has 12 decimals'
 * worth of scale less than BSC's USDT/BUSD one (its supply is sqrt(USDC units × DAI units)): 5e11 of it
 * is worth what 0.5 LP (1 USD) is on BSC.
 */
const BASE_HOLDINGS: ChainHoldings = {
  native: parseEther('20'),
  wrapped: parseEther('2'),
  tokens: [
    ['USDT', usdc('1000')],
    ['BUSD', parseEther('1000')],
    ['CAKE', parseEther('48000')],
  ],
  stableLiquidity: [usdc('2'), parseEther('2')],
  nativeLiquidity: [usdc('600'), parseEther('0.2')],
  rewardPoolStake: 500_000_000_000n,
  allowance: (key) =>
    key === 'USDT' ? usdc('10000') : key === 'CAKE' ? parseEther('2400000') : key === 'LP' ? 10n ** 16n : ROUTER_ALLOWANCE,
  presetAllowance: usdc('1000'),
  richUsdt: usdc('5000'),
  richAllowance: usdc('1000'),
};

/** The agent's starting holdings on a chain. */
export const holdingsOn = (profile: ChainProfile): ChainHoldings => (profile.id === 'base' ? BASE_HOLDINGS : BSC_HOLDINGS);

/** The tokens and pairs of a chain's build by the BSC role they play (manifest keys are the chain's own names). */
export function roleAddresses(manifest: MirrorManifest, profile: ChainProfile) {
  const token = (k: 'WBNB' | 'USDT' | 'BUSD' | 'CAKE'): Address => {
    const a = manifest.tokens[chainKey(profile, k)];
    if (!a) throw new Error(`the ${profile.name} build has no ${chainKey(profile, k)} (the ${k} role)`);
    return a;
  };
  const pair = (k: 'USDT_BUSD' | 'WBNB_USDT'): Address => {
    const a = manifest.pairs[chainKey(profile, `pair_${k}`).slice(5)];
    if (!a) throw new Error(`the ${profile.name} build has no ${chainKey(profile, `pair_${k}`)}`);
    return a;
  };
  return { token, pair };
}

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
export async function provisionAgent(
  chain: ChainClients,
  agent: Address,
  marker: Hex,
  manifest: MirrorManifest,
  profile: ChainProfile = BSC_PROFILE,
): Promise<void> {
  const c = manifest.contracts;
  const H = holdingsOn(profile);
  const { token, pair } = roleAddresses(manifest, profile);
  const [WBNB, USDT, BUSD, CAKE] = [token('WBNB'), token('USDT'), token('BUSD'), token('CAKE')];
  const router = manifest.dex.router;
  const lpStable = pair('USDT_BUSD');
  const lpBnb = pair('WBNB_USDT');
  const deadline = 4_000_000_000n;

  await chain.test.setStorageAt({ address: MARKER_ADDRESS, index: 0, value: pad(marker) });
  await chain.test.setBalance({ address: agent, value: parseEther('1000') });
  await sendAs(chain, agent, WBNB, call('deposit', []), H.wrapped);
  for (const [key, amount] of H.tokens) await setTokenBalance(chain, token(key), agent, amount);

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
    router,
    call('addLiquidity', [USDT, BUSD, H.stableLiquidity[0], H.stableLiquidity[1], 0n, 0n, agent, deadline]),
  );
  await sendAs(
    chain,
    DEPLOYER,
    router,
    call('addLiquidityETH', [USDT, H.nativeLiquidity[0], 0n, 0n, agent, deadline]),
    H.nativeLiquidity[1],
  );
  if (c.simple_reward_pool) {
    await sendAs(chain, DEPLOYER, lpStable, approve(c.simple_reward_pool, H.rewardPoolStake));
    await sendAs(chain, DEPLOYER, c.simple_reward_pool, call('depositFor', [agent, H.rewardPoolStake]));
  }

  const allowances: [Address, Address, bigint][] = [
    [USDT, router, H.allowance('USDT')],
    [BUSD, router, H.allowance('BUSD')],
    [CAKE, router, H.allowance('CAKE')],
    [WBNB, router, H.allowance('WBNB')],
    [lpStable, router, H.allowance('LP')],
    [lpBnb, router, H.allowance('LP')],
    [USDT, PRESET_SPENDERS.venus, H.presetAllowance],
    [USDT, PRESET_SPENDERS.pancake_v3_router, H.presetAllowance],
  ];
  if (c.simple_staking) allowances.push([CAKE, c.simple_staking, H.allowance('CAKE')]);
  if (c.simple_lp_staking) allowances.push([lpStable, c.simple_lp_staking, H.allowance('LP')]);
  if (c.flashloan_contract) allowances.push([USDT, c.flashloan_contract, maxUint256]);
  for (const [t, spender, amount] of allowances) await sendAs(chain, agent, t, approve(spender, amount));

  await chain.test.setBalance({ address: RICH_ACCOUNT, value: parseEther('1') });
  await setTokenBalance(chain, USDT, RICH_ACCOUNT, H.richUsdt);
  await sendAs(chain, RICH_ACCOUNT, USDT, approve(agent, H.richAllowance));

  // Let the reward-pool stake accrue for a while of chain time, then round the native coin to its holding.
  const head = await chain.public.getBlock({ blockTag: 'latest' });
  await chain.test.setNextBlockTimestamp({ timestamp: head.timestamp + 600n });
  await chain.test.setBalance({ address: agent, value: H.native });
  await chain.test.mine({ blocks: 1 });
}
