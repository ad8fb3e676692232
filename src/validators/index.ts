// The surface task authors import from: defineValidator, the check library and chain readers.
export { defineValidator } from './define.ts';
export * from './checks.ts';
export * from './units.ts';
export * from './read.ts';
export * from './answers.ts';
export * from './dex.ts';
export * from './workflow.ts';
export * from './staking.ts';
export * from './nft.ts';
export * from './erc1363.ts';
export * from './refusal.ts';
export type * from './types.ts';
export type { Params } from '../tasks/instantiate.ts';
// The address map: its types (EnvMap the keys every split has, PublishedEnv and HardEnv a split's whole map)
// and byRole, for code that means what a contract is (the wrapped native token) whatever a chain calls it.
export type { AddressLookup, AddressMap, EnvMap, HardEnv, PublishedEnv, Role } from '../tasks/address-map.ts';
export { addressOf, byRole } from '../tasks/address-map.ts';
// A value the context guarantees (the sent transaction in a check, a proven element), without a `!`.
export { defined } from './defined.ts';
// Harness-side setup helpers for planting ground truth in `setup` (never reachable from scripts).
export { sendAs } from '../chain/impersonate.ts';
export { setTokenBalance } from '../chain/token-balance.ts';
export { DEPLOYER } from '../chain/addresses.ts';
export { AGENT_HOLDINGS, holdingsOn, RICH_ACCOUNT, PRESET_SPENDERS, type ChainHoldings } from '../chain/provision.ts';
export { BASE, BSC, chainKey, type ChainProfile } from '../tasks/chain-profile.ts';
export { BLOCK_INTERVAL_SECONDS } from '../chain/session.ts';
export * from './plant.ts';
export * from './hard-wallet.ts';
export * from './venus.ts';
export * from './ratio-borrow.ts';
export * from './v3.ts';
export * from './adversary.ts';
export * from './quality.ts';
export * from './split-search.ts';
export * from './route-search.ts';
export * from './slack-searcher.ts';
// Tokens a task deploys itself, launched on PancakeSwap V2.
export * from './launch.ts';
// ... and given a PancakeSwap V3 pool of their own.
export * from './launch-v3.ts';
// Expectations for trades in tokens that tax transfers (what arrives, the least input that reaches an amount).
export * from './taxed-trade.ts';
