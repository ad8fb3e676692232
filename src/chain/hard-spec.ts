// What the hard split's chain holds beyond the base mirror: tokens of our own at fixed addresses, their
// PancakeSwap V2 pools, PancakeSwap V3 pools at several fee tiers, and the Venus markets. Prices are one
// table (USD per whole token), so V2 reserves, V3 starting prices and the lending oracle agree. Each part
// lives in its own module; this one is the specification as a whole.
export * from './hard-spec-actors.ts';
export * from './hard-spec-pools.ts';
export * from './hard-spec-tokens.ts';
export * from './hard-spec-venus.ts';
