// The functions of the hard split's contracts that the build, provisioning, validators and tests call,
// as human-readable ABIs (the full ABIs are in the packages and fixtures/artifacts).
import { parseAbi } from 'viem';

export const V3_FACTORY_ABI = parseAbi([
  'function getPool(address tokenA, address tokenB, uint24 fee) view returns (address)',
  'function feeAmountTickSpacing(uint24 fee) view returns (int24)',
  'function owner() view returns (address)',
  'function poolDeployer() view returns (address)',
  'function createPool(address tokenA, address tokenB, uint24 fee) returns (address)',
]);

export const V3_POOL_ABI = parseAbi([
  'function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16 observationIndex, uint16 observationCardinality, uint16 observationCardinalityNext, uint32 feeProtocol, bool unlocked)',
  'function liquidity() view returns (uint128)',
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function fee() view returns (uint24)',
  'function tickSpacing() view returns (int24)',
  'function factory() view returns (address)',
  'function positions(bytes32 key) view returns (uint128 liquidity, uint256 feeGrowthInside0LastX128, uint256 feeGrowthInside1LastX128, uint128 tokensOwed0, uint128 tokensOwed1)',
  'function ticks(int24 tick) view returns (uint128 liquidityGross, int128 liquidityNet, uint256 feeGrowthOutside0X128, uint256 feeGrowthOutside1X128, int56 tickCumulativeOutside, uint160 secondsPerLiquidityOutsideX128, uint32 secondsOutside, bool initialized)',
  'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint128 protocolFeesToken0, uint128 protocolFeesToken1)',
]);

export const V3_ROUTER_ABI = parseAbi([
  'struct ExactInputSingleParams { address tokenIn; address tokenOut; uint24 fee; address recipient; uint256 deadline; uint256 amountIn; uint256 amountOutMinimum; uint160 sqrtPriceLimitX96; }',
  'struct ExactInputParams { bytes path; address recipient; uint256 deadline; uint256 amountIn; uint256 amountOutMinimum; }',
  'struct ExactOutputSingleParams { address tokenIn; address tokenOut; uint24 fee; address recipient; uint256 deadline; uint256 amountOut; uint256 amountInMaximum; uint160 sqrtPriceLimitX96; }',
  'struct ExactOutputParams { bytes path; address recipient; uint256 deadline; uint256 amountOut; uint256 amountInMaximum; }',
  'function exactInputSingle(ExactInputSingleParams params) payable returns (uint256 amountOut)',
  'function exactInput(ExactInputParams params) payable returns (uint256 amountOut)',
  'function exactOutputSingle(ExactOutputSingleParams params) payable returns (uint256 amountIn)',
  'function exactOutput(ExactOutputParams params) payable returns (uint256 amountIn)',
  'function multicall(bytes[] data) payable returns (bytes[] results)',
  'function refundETH() payable',
  'function unwrapWETH9(uint256 amountMinimum, address recipient) payable',
]);

export const V3_QUOTER_ABI = parseAbi([
  'struct QuoteExactInputSingleParams { address tokenIn; address tokenOut; uint256 amountIn; uint24 fee; uint160 sqrtPriceLimitX96; }',
  'struct QuoteExactOutputSingleParams { address tokenIn; address tokenOut; uint256 amount; uint24 fee; uint160 sqrtPriceLimitX96; }',
  'function quoteExactInputSingle(QuoteExactInputSingleParams params) returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
  'function quoteExactInput(bytes path, uint256 amountIn) returns (uint256 amountOut, uint160[] sqrtPriceX96AfterList, uint32[] initializedTicksCrossedList, uint256 gasEstimate)',
  'function quoteExactOutputSingle(QuoteExactOutputSingleParams params) returns (uint256 amountIn, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
  'function quoteExactOutput(bytes path, uint256 amountOut) returns (uint256 amountIn, uint160[] sqrtPriceX96AfterList, uint32[] initializedTicksCrossedList, uint256 gasEstimate)',
]);

export const V3_POSITION_MANAGER_ABI = parseAbi([
  'struct MintParams { address token0; address token1; uint24 fee; int24 tickLower; int24 tickUpper; uint256 amount0Desired; uint256 amount1Desired; uint256 amount0Min; uint256 amount1Min; address recipient; uint256 deadline; }',
  'struct IncreaseLiquidityParams { uint256 tokenId; uint256 amount0Desired; uint256 amount1Desired; uint256 amount0Min; uint256 amount1Min; uint256 deadline; }',
  'struct DecreaseLiquidityParams { uint256 tokenId; uint128 liquidity; uint256 amount0Min; uint256 amount1Min; uint256 deadline; }',
  'struct CollectParams { uint256 tokenId; address recipient; uint128 amount0Max; uint128 amount1Max; }',
  'function createAndInitializePoolIfNecessary(address token0, address token1, uint24 fee, uint160 sqrtPriceX96) payable returns (address pool)',
  'function mint(MintParams params) payable returns (uint256 tokenId, uint128 liquidity, uint256 amount0, uint256 amount1)',
  'function increaseLiquidity(IncreaseLiquidityParams params) payable returns (uint128 liquidity, uint256 amount0, uint256 amount1)',
  'function decreaseLiquidity(DecreaseLiquidityParams params) payable returns (uint256 amount0, uint256 amount1)',
  'function collect(CollectParams params) payable returns (uint256 amount0, uint256 amount1)',
  'function burn(uint256 tokenId) payable',
  'function positions(uint256 tokenId) view returns (uint96 nonce, address operator, address token0, address token1, uint24 fee, int24 tickLower, int24 tickUpper, uint128 liquidity, uint256 feeGrowthInside0LastX128, uint256 feeGrowthInside1LastX128, uint128 tokensOwed0, uint128 tokensOwed1)',
  'function balanceOf(address owner) view returns (uint256)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)',
  'function totalSupply() view returns (uint256)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function multicall(bytes[] data) payable returns (bytes[] results)',
  'function refundETH() payable',
  'function unwrapWETH9(uint256 amountMinimum, address recipient) payable',
  'function sweepToken(address token, uint256 amountMinimum, address recipient) payable',
  'event IncreaseLiquidity(uint256 indexed tokenId, uint128 liquidity, uint256 amount0, uint256 amount1)',
  'event DecreaseLiquidity(uint256 indexed tokenId, uint128 liquidity, uint256 amount0, uint256 amount1)',
  'event Collect(uint256 indexed tokenId, address recipient, uint256 amount0, uint256 amount1)',
]);

export const V3_DEPLOYER_ABI = parseAbi([
  'function setFactoryAddress(address factory)',
  'function factoryAddress() view returns (address)',
  'function parameters() view returns (address factory, address token0, address token1, uint24 fee, int24 tickSpacing)',
]);

export const VENUS_COMPTROLLER_ABI = parseAbi([
  'struct FacetCut { address facetAddress; uint8 action; bytes4[] functionSelectors; }',
  'function _setPendingImplementation(address newPendingImplementation) returns (uint256)',
  'function _become(address unitroller)',
  'function diamondCut(FacetCut[] diamondCut_)',
  'function comptrollerImplementation() view returns (address)',
  'function admin() view returns (address)',
  'function _setAccessControl(address newAccessControlAddress) returns (uint256)',
  'function setPriceOracle(address newOracle) returns (uint256)',
  'function setDeviationBoundedOracle(address newOracle) returns (uint256)',
  'function _setComptrollerLens(address comptrollerLens_) returns (uint256)',
  'function _setCloseFactor(uint256 newCloseFactorMantissa) returns (uint256)',
  'function _supportMarket(address vToken) returns (uint256)',
  'function setCollateralFactor(address vToken, uint256 newCollateralFactorMantissa, uint256 newLiquidationThresholdMantissa) returns (uint256)',
  'function setLiquidationIncentive(address vToken, uint256 newLiquidationIncentiveMantissa) returns (uint256)',
  'function _setMarketSupplyCaps(address[] vTokens, uint256[] newSupplyCaps)',
  'function _setMarketBorrowCaps(address[] vTokens, uint256[] newBorrowCaps)',
  'function setIsBorrowAllowed(uint96 poolId, address vToken, bool borrowAllowed)',
  'function enterMarkets(address[] vTokens) returns (uint256[])',
  'function exitMarket(address vToken) returns (uint256)',
  'function getAccountLiquidity(address account) view returns (uint256 err, uint256 liquidity, uint256 shortfall)',
  'function getHypotheticalAccountLiquidity(address account, address vTokenModify, uint256 redeemTokens, uint256 borrowAmount) view returns (uint256, uint256, uint256)',
  'function getAssetsIn(address account) view returns (address[])',
  'function checkMembership(address account, address vToken) view returns (bool)',
  'function getAllMarkets() view returns (address[])',
  'function markets(address vToken) view returns (bool isListed, uint256 collateralFactorMantissa, bool isVenus, uint256 liquidationThresholdMantissa, uint256 liquidationIncentiveMantissa, uint96 marketPoolId, bool isBorrowAllowed)',
  'function oracle() view returns (address)',
  'function closeFactorMantissa() view returns (uint256)',
  'function borrowCaps(address vToken) view returns (uint256)',
  'function supplyCaps(address vToken) view returns (uint256)',
  'function getCollateralFactor(address vToken) view returns (uint256)',
  'event Failure(uint256 err, uint256 info, uint256 detail)',
  'event MarketEntered(address indexed vToken, address indexed account)',
]);

/** A Venus market (VBep20 through its delegator, or VBNB where noted). */
export const VTOKEN_ABI = parseAbi([
  'function mint(uint256 mintAmount) returns (uint256)',
  'function redeem(uint256 redeemTokens) returns (uint256)',
  'function redeemUnderlying(uint256 redeemAmount) returns (uint256)',
  'function borrow(uint256 borrowAmount) returns (uint256)',
  'function repayBorrow(uint256 repayAmount) returns (uint256)',
  'function liquidateBorrow(address borrower, uint256 repayAmount, address vTokenCollateral) returns (uint256)',
  'function balanceOf(address owner) view returns (uint256)',
  'function balanceOfUnderlying(address owner) returns (uint256)',
  'function borrowBalanceStored(address account) view returns (uint256)',
  'function borrowBalanceCurrent(address account) returns (uint256)',
  'function exchangeRateStored() view returns (uint256)',
  'function exchangeRateCurrent() returns (uint256)',
  'function getAccountSnapshot(address account) view returns (uint256, uint256, uint256, uint256)',
  'function getCash() view returns (uint256)',
  'function totalBorrows() view returns (uint256)',
  'function totalSupply() view returns (uint256)',
  'function underlying() view returns (address)',
  'function decimals() view returns (uint8)',
  'function symbol() view returns (string)',
  'function name() view returns (string)',
  'function transfer(address dst, uint256 amount) returns (bool)',
  'function accrueInterest() returns (uint256)',
  'function reserveFactorMantissa() view returns (uint256)',
  'function interestRateModel() view returns (address)',
  'function comptroller() view returns (address)',
  'function implementation() view returns (address)',
  'function setAccessControlManager(address newAccessControlManagerAddress) returns (uint256)',
  'function _setReserveFactor(uint256 newReserveFactorMantissa) returns (uint256)',
  'function setProtocolShareReserve(address protocolShareReserve)',
  'function setReduceReservesBlockDelta(uint256 newReduceReservesBlockDelta)',
  'event Failure(uint256 err, uint256 info, uint256 detail)',
  'event Mint(address minter, uint256 mintAmount, uint256 mintTokens, uint256 totalSupply)',
  'event Borrow(address borrower, uint256 borrowAmount, uint256 accountBorrows, uint256 totalBorrows)',
]);

export const VBNB_ABI = parseAbi([
  'function mint() payable',
  'function repayBorrow() payable',
  'function redeem(uint256 redeemTokens) returns (uint256)',
  'function redeemUnderlying(uint256 redeemAmount) returns (uint256)',
  'function borrow(uint256 borrowAmount) returns (uint256)',
]);

export const LENDING_ORACLE_ABI = parseAbi([
  'function setPrice(address asset, uint256 price)',
  'function setNativeMarket(address market)',
  'function getUnderlyingPrice(address vToken) view returns (uint256)',
  'function getPrice(address asset) view returns (uint256)',
  'function NATIVE() view returns (address)',
]);

export const HARD_TOKEN_ABI = parseAbi([
  'function mint(address to, uint256 amount)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function transferFrom(address from, address to, uint256 amount) returns (bool)',
  'function balanceOf(address account) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function decimals() view returns (uint8)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function totalSupply() view returns (uint256)',
  'function setPair(address pair, bool value)',
  'function taxOf(address from, address to, uint256 amount) view returns (uint256)',
  'function buyTaxBps() view returns (uint16)',
  'function sellTaxBps() view returns (uint16)',
  'function transferTaxBps() view returns (uint16)',
  'function rebase(uint256 newIndex)',
  'function index() view returns (uint256)',
  'function sharesOf(address account) view returns (uint256)',
]);

/** NoReturnToken: transfer, transferFrom and approve return nothing. */
export const NO_RETURN_TOKEN_ABI = parseAbi([
  'function approve(address spender, uint256 value)',
  'function transfer(address to, uint256 value)',
  'function transferFrom(address from, address to, uint256 value)',
  'function mint(address to, uint256 amount)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function balanceOf(address account) view returns (uint256)',
]);

export const V2_PAIR_ABI = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function sync()',
]);

export const V2_ROUTER_ABI = parseAbi([
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256, uint256, uint256)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256, uint256, uint256)',
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);

export const V2_FACTORY_ABI = parseAbi(['function getPair(address tokenA, address tokenB) view returns (address)']);
