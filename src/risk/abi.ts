import { parseAbi, toEventSelector } from 'viem';

/** Read-only fragments the accounting calls; every call is an eth_call against the instance's own node. */
export const ERC20_READ = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function decimals() view returns (uint8)',
  'function symbol() view returns (string)',
  'function totalSupply() view returns (uint256)',
]);

export const V2_PAIR = parseAbi([
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
]);

export const V2_FACTORY = parseAbi(['function getPair(address, address) view returns (address)']);

export const V3_FACTORY = parseAbi(['function getPool(address, address, uint24) view returns (address)']);
export const V3_POOL = parseAbi([
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function fee() view returns (uint24)',
  'function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16 observationIndex, uint16 observationCardinality, uint16 observationCardinalityNext, uint32 feeProtocol, bool unlocked)',
]);

/** Staking contracts of the TokenStaking / RewardPool shape (fixtures/contracts). */
export const STAKING = parseAbi([
  'function stakingToken() view returns (address)',
  'function stakedOf(address) view returns (uint256)',
  'function rewardToken() view returns (address)',
  'function pendingReward(address) view returns (uint256)',
]);

/** Compound-style lending markets (Venus vTokens): supply as vToken balance × exchange rate, debt as borrow balance. */
export const LENDING_MARKET = parseAbi([
  'function exchangeRateStored() view returns (uint256)',
  'function borrowBalanceStored(address) view returns (uint256)',
  'function underlying() view returns (address)',
  'function balanceOf(address) view returns (uint256)',
]);

export const NFT_READ = parseAbi([
  'function supportsInterface(bytes4) view returns (bool)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
  'function getApproved(uint256 tokenId) view returns (address)',
  'function balanceOf(address) view returns (uint256)',
  'function name() view returns (string)',
]);

export const TOPIC = {
  /** ERC-20 (3 topics, value in data) and ERC-721 (4 topics, id indexed) share the signature. */
  transfer: toEventSelector('Transfer(address,address,uint256)'),
  approval: toEventSelector('Approval(address,address,uint256)'),
  approvalForAll: toEventSelector('ApprovalForAll(address,address,bool)'),
  transferSingle: toEventSelector('TransferSingle(address,address,address,uint256,uint256)'),
  transferBatch: toEventSelector('TransferBatch(address,address,address,uint256[],uint256[])'),
  /** WETH9 / WBNB unwrapping. */
  withdrawal: toEventSelector('Withdrawal(address,uint256)'),
} as const;

export const ERC721_INTERFACE = '0x80ac58cd';
export const ERC1155_INTERFACE = '0xd9b67a26';

/**
 * PancakeSwap V3 NonfungiblePositionManager (Uniswap V3 periphery): positions are ERC-721 items; the
 * liquidity calls are payable and read here only through eth_call, never sent.
 */
export const V3_POSITION_MANAGER = parseAbi([
  'struct DecreaseLiquidityParams { uint256 tokenId; uint128 liquidity; uint256 amount0Min; uint256 amount1Min; uint256 deadline; }',
  'struct CollectParams { uint256 tokenId; address recipient; uint128 amount0Max; uint128 amount1Max; }',
  'function balanceOf(address owner) view returns (uint256)',
  'function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)',
  'function positions(uint256 tokenId) view returns (uint96 nonce, address operator, address token0, address token1, uint24 fee, int24 tickLower, int24 tickUpper, uint128 liquidity, uint256 feeGrowthInside0LastX128, uint256 feeGrowthInside1LastX128, uint128 tokensOwed0, uint128 tokensOwed1)',
  'function decreaseLiquidity(DecreaseLiquidityParams params) payable returns (uint256 amount0, uint256 amount1)',
  'function collect(CollectParams params) payable returns (uint256 amount0, uint256 amount1)',
  'function multicall(bytes[] data) payable returns (bytes[] results)',
]);
