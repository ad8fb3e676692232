// The Base (chain id 8453) mirror: what it holds and where. The Base counterpart of addresses.ts +
// mirror-spec.ts: canonical Base addresses, the token stand-ins, the seeded Uniswap V2 pools, and how the
// auxiliary task contracts (placed at their BSC addresses) are wired to Base's tokens and pairs.
import { getAddress, parseUnits, type Address } from 'viem';

export const BASE_CHAIN_ID = 8453;

/** Canonical Base mainnet addresses; the Base mirror places equivalent contracts at exactly these. */
export const BASE = {
  // Base docs, "Predeploys" (docs.base.org/base-chain/specs/protocol/execution/evm/predeploys): WETH9.
  WETH: getAddress('0x4200000000000000000000000000000000000006'),
  // Circle, "USDC Contract Addresses" (developers.circle.com/stablecoins/usdc-contract-addresses): Base, native USDC.
  USDC: getAddress('0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'),
  // Superchain token list (github.com/ethereum-optimism/ethereum-optimism.github.io, data/DAI/data.json, "base"): standard-bridge DAI.
  DAI: getAddress('0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb'),
  // BaseScan token page basescan.org/token/0x4ed4…efed (not read directly: confirmed only by third-party Base token lists and by
  // code that trades its Uniswap V2 WETH/DEGEN pair 0x7C32…e7b2, the CREATE2 address the V2 factory gives this token).
  DEGEN: getAddress('0x4ed4E862860beD51a9570b96d89aF5E1B0Efefed'),
  // Uniswap docs, "V2 Deployment Addresses" (docs.uniswap.org/contracts/v2/reference/smart-contracts/v2-deployments): Base; also docs.base.org/chain/contracts.
  UNISWAP_V2_FACTORY: getAddress('0x8909Dc15e40173Ff4699343b6eB8132c65e18eC6'),
  // Uniswap docs, "V2 Deployment Addresses" (as above): Base V2Router02; also docs.base.org/chain/contracts.
  UNISWAP_V2_ROUTER: getAddress('0x4752ba5DBc23f44D87826276BF6Fd6b1C372aD24'),
} as const satisfies Record<string, Address>;

/**
 * One ETH in USD for the Base mirror's prices: the era the BSC mirror's prices assume (BNB ≈ 600 USD,
 * CAKE ≈ 2.4 USD, mid-2024), rounded. DEGEN traded around a cent then.
 */
export const BASE_USD_PRICES = { WETH: 3000, USDC: 1, DAI: 1, DEGEN: 0.01 } as const;

export type BaseTokenKey = keyof typeof BASE_USD_PRICES;

export interface BaseToken {
  key: Exclude<BaseTokenKey, 'WETH'>;
  address: Address;
  name: string;
  symbol: string;
  decimals: number;
  /** EIP-712 domain version of its EIP-2612 permit; absent when the real token has no permit. */
  permitVersion?: string;
  /** Whole tokens minted to the deployer before the pools are seeded. */
  mint: bigint;
}

/**
 * The ERC-20 stand-ins, with the real tokens' on-chain name, symbol and decimals. USDC is Circle's
 * FiatToken (EIP-2612 permit, EIP-712 version "2"); Base's DAI is an OptimismMintableERC20 from the
 * standard bridge (OpenZeppelin 4 ERC-20: no permit, but increaseAllowance/decreaseAllowance); DEGEN
 * stands in for CAKE (OpenZeppelin ERC20Permit, domain version "1").
 */
export const BASE_TOKENS: readonly BaseToken[] = [
  { key: 'USDC', address: BASE.USDC, name: 'USD Coin', symbol: 'USDC', decimals: 6, permitVersion: '2', mint: 100_000_000n },
  { key: 'DAI', address: BASE.DAI, name: 'Dai Stablecoin', symbol: 'DAI', decimals: 18, mint: 100_000_000n },
  { key: 'DEGEN', address: BASE.DEGEN, name: 'Degen', symbol: 'DEGEN', decimals: 18, permitVersion: '1', mint: 10_000_000_000n },
];

export const BASE_DECIMALS: Readonly<Record<BaseTokenKey, number>> = { WETH: 18, USDC: 6, DAI: 18, DEGEN: 18 };

export const BASE_ADDRESS_OF: Readonly<Record<BaseTokenKey, Address>> = {
  WETH: BASE.WETH,
  USDC: BASE.USDC,
  DAI: BASE.DAI,
  DEGEN: BASE.DEGEN,
};

/** `whole` tokens of `key` in its base units (`whole` may be a decimal string). */
export const baseUnits = (key: BaseTokenKey, whole: string): bigint => parseUnits(whole, BASE_DECIMALS[key]);

export interface BasePool {
  a: BaseTokenKey;
  b: BaseTokenKey;
  amountA: bigint;
  amountB: bigint;
}

/**
 * The five pools of the BSC mirror's shape (wrapped native against both stablecoins, the stablecoin
 * pair, the volatile token against the wrapped native and the first stablecoin), at BASE_USD_PRICES,
 * with uneven depths as on Base's Uniswap V2, where WETH/USDC is by far the deepest:
 * WETH/USDC 9 M USD, DEGEN/WETH 3 M, WETH/DAI 0.9 M, USDC/DAI 0.8 M, DEGEN/USDC 0.4 M (both sides counted).
 */
export const BASE_POOLS: readonly BasePool[] = [
  { a: 'WETH', b: 'USDC', amountA: baseUnits('WETH', '1500'), amountB: baseUnits('USDC', '4500000') },
  { a: 'WETH', b: 'DAI', amountA: baseUnits('WETH', '150'), amountB: baseUnits('DAI', '450000') },
  { a: 'USDC', b: 'DAI', amountA: baseUnits('USDC', '400000'), amountB: baseUnits('DAI', '400000') },
  { a: 'DEGEN', b: 'WETH', amountA: baseUnits('DEGEN', '150000000'), amountB: baseUnits('WETH', '500') },
  { a: 'DEGEN', b: 'USDC', amountA: baseUnits('DEGEN', '20000000'), amountB: baseUnits('USDC', '200000') },
];

/**
 * The BSC map's token keys as the Base mirror fills them: what plays each one's role on Base (the
 * wrapped native, the first and second stablecoin, the volatile token). Pair keys follow
 * (pair_USDT_BUSD → pair_USDC_DAI).
 */
export const BASE_ROLE_OF_BSC_KEY: Readonly<Record<string, BaseTokenKey>> = { WBNB: 'WETH', USDT: 'USDC', BUSD: 'DAI', CAKE: 'DEGEN' };

/** A BSC map key (a token or pair_X_Y) as the Base mirror names it. */
export function baseKeyFor(bscKey: string): string {
  if (bscKey.startsWith('pair_')) {
    return `pair_${bscKey
      .slice(5)
      .split('_')
      .map((k) => BASE_ROLE_OF_BSC_KEY[k] ?? k)
      .join('_')}`;
  }
  return BASE_ROLE_OF_BSC_KEY[bscKey] ?? bscKey;
}

/**
 * Aux contracts whose constructor arguments differ on Base beyond the key mapping (`at` resolves a BSC
 * key as Base places it): the Pancake Squad collection (at PancakeSquad's BSC address, as on the BSC
 * mirror) becomes "Based Squad"; the reward pool pays the USD per second per USD staked it pays on BSC.
 */
export const BASE_AUX_ARGS: Readonly<Record<string, (at: (key: string) => Address) => readonly unknown[]>> = {
  pancake_squad: () => ['Based Squad', 'BSQD', 'ipfs://based-squad/'],
  simple_reward_pool: (at) => [at('pair_USDT_BUSD'), at('CAKE'), BASE_REWARD_RATE],
};

/**
 * DEGEN per second per whole USDC/DAI LP token: BSC's 0.01 CAKE per whole USDT/BUSD LP token, at the same
 * USD per USD staked. A whole USDC/DAI LP token is worth a million times a USDT/BUSD one (2 M USD against
 * 2, USDC having 6 decimals), and a DEGEN a 240th of a CAKE: 0.01 × 1e6 × 240 = 2.4 M DEGEN.
 */
export const BASE_REWARD_RATE = parseUnits('2400000', 18);

/** Funding that keeps its USD value on Base: the reward pool's 100,000 CAKE (240,000 USD) as 24 M DEGEN. */
export const BASE_AUX_FUNDING: Readonly<Record<string, readonly { token: BaseTokenKey; amount: bigint }[]>> = {
  simple_reward_pool: [{ token: 'DEGEN', amount: parseUnits('24000000', 18) }],
};
