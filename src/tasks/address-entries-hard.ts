// The hard split's additions to the address map: its tokens and pairs, PancakeSwap V3 and Venus, listed after
// the wallet in its prompt. Their addresses are the hard build's (fixtures/mirror/hard-manifest.json).
import { HARD, type AddressEntry } from './address-entries.ts';

const vToken = (asset: string) =>
  `Venus ${asset} market (vToken): mint(uint256 amount), redeem(uint256 vTokens), redeemUnderlying(uint256 amount), borrow(uint256 amount), repayBorrow(uint256 amount), underlying(), balanceOf(account), balanceOfUnderlying(account), borrowBalanceCurrent(account), exchangeRateCurrent(); state-changing calls return 0 on success, otherwise an error code`;

const hardToken = <K extends string>(key: K, hardDescription: string) => ({ key, kind: 'token', maps: HARD, hardDescription }) as const;
const hardPair = <A extends string, B extends string>(a: A, b: B) =>
  ({ key: `pair_${a}_${b}` as const, kind: 'pair', maps: HARD, pair: [a, b] }) as const;

/** The keys only the hard split's map holds, in its prompt's order. */
export const HARD_ENTRIES = [
  hardToken('USDCet', 'USD Coin (Wormhole) (BEP-20)'),
  hardToken('WBTC', 'Wrapped BTC (BEP-20)'),
  hardToken('FLOKI', 'FLOKI (BEP-20)'),
  hardToken('YLD', 'Yieldly (BEP-20)'),
  hardToken('SFS', 'SunFlower Swap (BEP-20)'),
  hardToken('ORB', 'Orbit Elastic (BEP-20)'),
  hardToken('USDTe', 'Tether USD (Ethereum bridge), symbol USDT.e (BEP-20)'),
  hardPair('USDCet', 'WBNB'),
  hardPair('USDCet', 'USDT'),
  hardPair('WBTC', 'WBNB'),
  hardPair('WBTC', 'USDT'),
  hardPair('FLOKI', 'WBNB'),
  hardPair('YLD', 'WBNB'),
  hardPair('SFS', 'WBNB'),
  hardPair('ORB', 'WBNB'),
  hardPair('USDTe', 'USDT'),
  {
    key: 'pancake_smart_router',
    kind: 'spender',
    maps: HARD,
    hardDescription: 'PancakeSwap Smart Router address (a spender with a USDT allowance from you)',
    at: { bsc: '0x13f4EA83D0bd40E75C8222255bc855a974568Dd4' },
  },
  {
    key: 'v3_factory',
    kind: 'dex',
    role: 'v3Factory',
    maps: HARD,
    hardDescription:
      'PancakeSwap V3 Factory: getPool(tokenA, tokenB, uint24 fee) returns the pool or the zero address; fee tiers 100, 500, 2500 and 10000 (feeAmountTickSpacing(fee) gives the tick spacing)',
  },
  {
    key: 'v3_pool_deployer',
    kind: 'dex',
    maps: HARD,
    hardDescription:
      'PancakeSwap V3 PoolDeployer: deploys the pools (CREATE2, init code hash 0x6ce8eb472fa82df5469c6ab6d485f17c3ad13c8cd7af59b3d4a8026c5ce0f7e2)',
  },
  {
    key: 'v3_swap_router',
    kind: 'dex',
    role: 'v3SwapRouter',
    maps: HARD,
    hardDescription:
      'PancakeSwap V3 SwapRouter: exactInputSingle((tokenIn,tokenOut,fee,recipient,deadline,amountIn,amountOutMinimum,sqrtPriceLimitX96)), exactInput((path,recipient,deadline,amountIn,amountOutMinimum)), exactOutputSingle((tokenIn,tokenOut,fee,recipient,deadline,amountOut,amountInMaximum,sqrtPriceLimitX96)), exactOutput((path,recipient,deadline,amountOut,amountInMaximum)), multicall(bytes[]), unwrapWETH9(amountMinimum, recipient), refundETH(); payable (BNB sent pays a WBNB input); path = tokenIn, uint24 fee, token, ..., tokenOut packed (reversed for exactOutput)',
  },
  {
    key: 'v3_position_manager',
    kind: 'dex',
    role: 'v3PositionManager',
    maps: HARD,
    hardDescription:
      'PancakeSwap V3 NonfungiblePositionManager (ERC-721 positions): mint((token0,token1,fee,tickLower,tickUpper,amount0Desired,amount1Desired,amount0Min,amount1Min,recipient,deadline)), increaseLiquidity((tokenId,amount0Desired,amount1Desired,amount0Min,amount1Min,deadline)), decreaseLiquidity((tokenId,liquidity,amount0Min,amount1Min,deadline)), collect((tokenId,recipient,amount0Max,amount1Max)), burn(tokenId), positions(tokenId), balanceOf(owner), tokenOfOwnerByIndex(owner, i), createAndInitializePoolIfNecessary(token0, token1, fee, sqrtPriceX96), multicall(bytes[]), unwrapWETH9, sweepToken, refundETH',
  },
  {
    key: 'v3_quoter',
    kind: 'dex',
    role: 'v3Quoter',
    maps: HARD,
    hardDescription:
      'PancakeSwap V3 QuoterV2 (read it with eth_call): quoteExactInputSingle((tokenIn,tokenOut,amountIn,fee,sqrtPriceLimitX96)), quoteExactInput(path, amountIn), quoteExactOutputSingle((tokenIn,tokenOut,amount,fee,sqrtPriceLimitX96)), quoteExactOutput(path, amountOut); each returns the amount first',
  },
  {
    key: 'v3_tick_lens',
    kind: 'dex',
    maps: HARD,
    hardDescription: 'PancakeSwap V3 TickLens: getPopulatedTicksInWord(pool, int16 wordIndex)',
  },
  {
    key: 'venus_comptroller',
    kind: 'lending',
    role: 'lendingComptroller',
    maps: HARD,
    hardDescription:
      'Venus core pool Comptroller (Unitroller): enterMarkets(address[] vTokens), exitMarket(vToken), getAccountLiquidity(account) returns (error, liquidity, shortfall) in USD × 1e18 measured against the liquidation thresholds, getHypotheticalAccountLiquidity(account, vTokenModify, redeemTokens, borrowAmount) the same measured against the collateral factors (what borrow and redeem are checked with; the zero address and 0, 0 for the current state), markets(vToken) returns (isListed, collateralFactorMantissa, isVenus, liquidationThresholdMantissa, liquidationIncentiveMantissa, poolId, isBorrowAllowed), getAssetsIn(account), getAllMarkets(), oracle(), closeFactorMantissa()',
  },
  {
    key: 'venus_oracle',
    kind: 'lending',
    role: 'lendingOracle',
    maps: HARD,
    hardDescription: 'Venus price oracle: getUnderlyingPrice(vToken) returns USD per whole underlying token × 1e(36 − underlying decimals)',
  },
  {
    key: 'vBNB',
    kind: 'lending',
    maps: HARD,
    hardDescription:
      'Venus BNB market (vToken): mint() payable, repayBorrow() payable, redeem(uint256 vTokens), redeemUnderlying(uint256 amount), borrow(uint256 amount), balanceOf(account), balanceOfUnderlying(account), borrowBalanceCurrent(account), exchangeRateCurrent(); redeem and borrow return 0 on success, otherwise an error code',
  },
  { key: 'vUSDT', kind: 'lending', maps: HARD, hardDescription: vToken('USDT') },
  { key: 'vBUSD', kind: 'lending', maps: HARD, hardDescription: vToken('BUSD') },
  { key: 'vCAKE', kind: 'lending', maps: HARD, hardDescription: vToken('CAKE') },
  { key: 'vWBTC', kind: 'lending', maps: HARD, hardDescription: vToken('WBTC') },
] as const satisfies readonly AddressEntry[];
