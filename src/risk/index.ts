// What a mistake costs: the USD the model's transactions lost the owner against the reference on the
// same instance, the exposure its approvals left behind, and its gas, priced by the chain's own pools.
export { assessRisk } from './assess.ts';
export { discoverRiskAssets, isProtocolAddress, probeTokens, riskAssetsFor } from './assets.ts';
export type { CollectionInfo, DiscoverOptions, RiskAssets, TokenInfo } from './assets.ts';
export { captureModel, captureReference, readAt, startRisk } from './capture.ts';
export type { ModelCapture, Readings, ReadSet, RiskPlan, RiskStart, RunCapture } from './capture.ts';
export { formatAmount, formatUsd, shortAddress } from './describe.ts';
export { readRunLogs } from './logs.ts';
export type { RunLogs, RunTx } from './logs.ts';
export { riskPlan, riskPlanFor } from './plan.ts';
export { measureRisk, movedSomething } from './measure.ts';
export { lendingMarketPosition, NATIVE, rewardPoolPosition, stakingPosition } from './positions.ts';
export type { AssetKey, PositionHolding, PositionSource } from './positions.ts';
export { readPriceBook, usdOf, v2PoolSource } from './prices.ts';
export type { AssetPrice, PoolEdge, PoolSource, PriceBook } from './prices.ts';
export { v3PoolSource, v3Price1Per0, V3_FEE_TIERS } from './prices-v3.ts';
export { EXPOSURE_KINDS, RISK_ITEM_KINDS, RiskItem, RiskItemKind, RiskRecord } from './schema.ts';
