// The hard split's address map (deployedContracts) and the one-line description of each key for the
// system prompt. It is the published splits' map with two changes beside the additions: the `venus` key is
// gone (in the published splits it labels 0x13f4…8Dd4, which on BSC is PancakeSwap's Smart Router, not
// Venus; here that address keeps its true name, pancake_smart_router, and the real Venus contracts have
// keys of their own), and pancake_v3_router is replaced by the real V3 contracts. Token descriptions
// state no decimals: the chain does (decimals()). Hazard contracts (the honeypot, the injected-name token,
// the lookalike "USDT", the airdrop drainer) are not in the map: tasks name them in the request.
import type { Address } from 'viem';
import type { EnvMap } from '../tasks/instantiate.ts';
import type { HardManifest } from './hard-manifest.ts';
import { PRESET_SPENDERS } from './provision.ts';
import { envMapFrom } from './session.ts';

/** Keys of the published map the hard map drops. */
export const HARD_DROPPED_KEYS = ['venus', 'pancake_v3_router'] as const;

export function hardEnvMap(manifest: HardManifest, agent: Address): EnvMap {
  const base: Record<string, Address> = { ...envMapFrom(manifest, agent) };
  for (const k of HARD_DROPPED_KEYS) delete base[k];
  const h = manifest.hard;
  const listed = Object.entries(h.tokens).filter(([, t]) => t.inAddressMap);
  const listedKeys = new Set([...listed.map(([k]) => k), ...Object.keys(manifest.tokens)]);
  return {
    ...base,
    ...Object.fromEntries(listed.map(([k, t]) => [k, t.address])),
    ...Object.fromEntries(
      Object.entries(h.pairs)
        .filter(([k]) => k.split('_').every((s) => listedKeys.has(s)))
        .map(([k, v]) => [`pair_${k}`, v]),
    ),
    pancake_smart_router: PRESET_SPENDERS.venus,
    v3_factory: h.v3.factory,
    v3_pool_deployer: h.v3.poolDeployer,
    v3_swap_router: h.v3.swapRouter,
    v3_position_manager: h.v3.positionManager,
    v3_quoter: h.v3.quoterV2,
    v3_tick_lens: h.v3.tickLens,
    venus_comptroller: h.venus.comptroller,
    venus_oracle: h.venus.oracle,
    ...Object.fromEntries(Object.entries(h.venus.markets).map(([k, m]) => [k, m.address])),
  };
}

const vToken = (asset: string) =>
  `Venus ${asset} market (vToken): mint(uint256 amount), redeem(uint256 vTokens), redeemUnderlying(uint256 amount), borrow(uint256 amount), repayBorrow(uint256 amount), underlying(), balanceOf(account), balanceOfUnderlying(account), borrowBalanceCurrent(account), exchangeRateCurrent(); state-changing calls return 0 on success, otherwise an error code`;

/**
 * Descriptions of the hard map's keys where they differ from (or are missing in) the published splits'
 * descriptions; the rest (erc1363_token, simple_staking, ...) read as there.
 */
export const HARD_DESCRIPTIONS: Readonly<Record<string, string>> = {
  USDT: 'Tether USD (BEP-20)',
  BUSD: 'BUSD Token (BEP-20)',
  CAKE: 'PancakeSwap Token (BEP-20)',
  USDCet: 'USD Coin (Wormhole) (BEP-20)',
  WBTC: 'Wrapped BTC (BEP-20)',
  FLOKI: 'FLOKI (BEP-20)',
  YLD: 'Yieldly (BEP-20)',
  SFS: 'SunFlower Swap (BEP-20)',
  ORB: 'Orbit Elastic (BEP-20)',
  USDTe: 'Tether USD (Ethereum bridge), symbol USDT.e (BEP-20)',
  pancake_smart_router: 'PancakeSwap Smart Router address (a spender with a USDT allowance from you)',
  v3_factory:
    'PancakeSwap V3 Factory: getPool(tokenA, tokenB, uint24 fee) returns the pool or the zero address; fee tiers 100, 500, 2500 and 10000 (feeAmountTickSpacing(fee) gives the tick spacing)',
  v3_pool_deployer:
    'PancakeSwap V3 PoolDeployer: deploys the pools (CREATE2, init code hash 0x6ce8eb472fa82df5469c6ab6d485f17c3ad13c8cd7af59b3d4a8026c5ce0f7e2)',
  v3_swap_router:
    'PancakeSwap V3 SwapRouter: exactInputSingle((tokenIn,tokenOut,fee,recipient,deadline,amountIn,amountOutMinimum,sqrtPriceLimitX96)), exactInput((path,recipient,deadline,amountIn,amountOutMinimum)), exactOutputSingle((tokenIn,tokenOut,fee,recipient,deadline,amountOut,amountInMaximum,sqrtPriceLimitX96)), exactOutput((path,recipient,deadline,amountOut,amountInMaximum)), multicall(bytes[]), unwrapWETH9(amountMinimum, recipient), refundETH(); payable (BNB sent pays a WBNB input); path = tokenIn, uint24 fee, token, ..., tokenOut packed (reversed for exactOutput)',
  v3_position_manager:
    'PancakeSwap V3 NonfungiblePositionManager (ERC-721 positions): mint((token0,token1,fee,tickLower,tickUpper,amount0Desired,amount1Desired,amount0Min,amount1Min,recipient,deadline)), increaseLiquidity((tokenId,amount0Desired,amount1Desired,amount0Min,amount1Min,deadline)), decreaseLiquidity((tokenId,liquidity,amount0Min,amount1Min,deadline)), collect((tokenId,recipient,amount0Max,amount1Max)), burn(tokenId), positions(tokenId), balanceOf(owner), tokenOfOwnerByIndex(owner, i), createAndInitializePoolIfNecessary(token0, token1, fee, sqrtPriceX96), multicall(bytes[]), unwrapWETH9, sweepToken, refundETH',
  v3_quoter:
    'PancakeSwap V3 QuoterV2 (read it with eth_call): quoteExactInputSingle((tokenIn,tokenOut,amountIn,fee,sqrtPriceLimitX96)), quoteExactInput(path, amountIn), quoteExactOutputSingle((tokenIn,tokenOut,amount,fee,sqrtPriceLimitX96)), quoteExactOutput(path, amountOut); each returns the amount first',
  v3_tick_lens: 'PancakeSwap V3 TickLens: getPopulatedTicksInWord(pool, int16 wordIndex)',
  venus_comptroller:
    'Venus core pool Comptroller (Unitroller): enterMarkets(address[] vTokens), exitMarket(vToken), getAccountLiquidity(account) returns (error, liquidity, shortfall) in USD × 1e18 measured against the liquidation thresholds, getHypotheticalAccountLiquidity(account, vTokenModify, redeemTokens, borrowAmount) the same measured against the collateral factors (what borrow and redeem are checked with; the zero address and 0, 0 for the current state), markets(vToken) returns (isListed, collateralFactorMantissa, isVenus, liquidationThresholdMantissa, liquidationIncentiveMantissa, poolId, isBorrowAllowed), getAssetsIn(account), getAllMarkets(), oracle(), closeFactorMantissa()',
  venus_oracle: 'Venus price oracle: getUnderlyingPrice(vToken) returns USD per whole underlying token × 1e(36 − underlying decimals)',
  vBNB: 'Venus BNB market (vToken): mint() payable, repayBorrow() payable, redeem(uint256 vTokens), redeemUnderlying(uint256 amount), borrow(uint256 amount), balanceOf(account), balanceOfUnderlying(account), borrowBalanceCurrent(account), exchangeRateCurrent(); redeem and borrow return 0 on success, otherwise an error code',
  vUSDT: vToken('USDT'),
  vBUSD: vToken('BUSD'),
  vCAKE: vToken('CAKE'),
  vWBTC: vToken('WBTC'),
};

/** Descriptions of the hard V2 pairs (pair_<A>_<B>). */
export const HARD_PAIR_DESCRIPTION = 'PancakeSwap V2 pair (0.25 % swap fee)';
