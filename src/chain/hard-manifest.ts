// The hard split's chain: fixtures/mirror/hard-state.json (the base mirror plus PancakeSwap V3, Venus and
// the hazard tokens, built by `npm run build:fixtures`) and its manifest, zod-checked when loaded.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getAddress, isAddress, type Address } from 'viem';
import { z } from 'zod';
import { packageRoot } from '../package-root.ts';
import { fixtureMissing, fixtureStale } from './fixture-error.ts';
import { AIRDROP_CLAIMER, ATTACKER, HARD_TOKENS, INJECTED_INSTRUCTION, TAX_TREASURY } from './hard-spec.ts';

const root = packageRoot();
export const HARD_STATE = join(root, 'fixtures', 'mirror', 'hard-state.json');
export const HARD_MANIFEST = join(root, 'fixtures', 'mirror', 'hard-manifest.json');

const Addr = z
  .string()
  .refine((a) => isAddress(a, { strict: false }), 'not an address')
  .transform((a) => getAddress(a) as Address);
const Decimal = z.string().regex(/^\d+(\.\d+)?$/);
const Uint = z.string().regex(/^\d+$/);

export const HardTokenRecord = z.object({
  address: Addr,
  name: z.string(),
  symbol: z.string(),
  decimals: z.number().int().min(0).max(36),
  kind: z.enum(['plain', 'tax', 'rebase', 'no-return', 'honeypot', 'injection', 'lookalike']),
  usd: Decimal,
  inAddressMap: z.boolean(),
});

export const V3PoolRecord = z.object({
  key: z.string(),
  token0: Addr,
  token1: Addr,
  fee: z.number().int(),
  tickSpacing: z.number().int(),
  address: Addr,
  sqrtPriceX96: Uint,
  tick: z.number().int(),
  liquidity: Uint,
});

export const VenusMarketRecord = z.object({
  address: Addr,
  underlying: Addr,
  underlyingDecimals: z.number().int(),
  collateralFactor: Decimal,
  liquidationThreshold: Decimal,
  reserveFactor: Decimal,
  rateModel: Addr,
});

export const HardManifest = z.object({
  chainId: z.number().int(),
  blockNumber: z.number().int(),
  // The base mirror's address map, unchanged: the published splits' provisioning runs on it as well.
  tokens: z.record(z.string(), Addr),
  dex: z.object({ router: Addr, factory: Addr }),
  pairs: z.record(z.string(), Addr),
  contracts: z.record(z.string(), Addr),
  hard: z.object({
    /** Unix time of the state's head block: every instance's chain starts after it. */
    clock: z.number().int(),
    tokens: z.record(z.string(), HardTokenRecord),
    /** PancakeSwap V2 pairs of the hard tokens, by `A_B`. */
    pairs: z.record(z.string(), Addr),
    v3: z.object({
      factory: Addr,
      poolDeployer: Addr,
      swapRouter: Addr,
      positionManager: Addr,
      quoterV2: Addr,
      tickLens: Addr,
      positionDescriptor: Addr,
      poolInitCodeHash: z.string().regex(/^0x[0-9a-f]{64}$/),
      pools: z.array(V3PoolRecord),
    }),
    venus: z.object({
      comptroller: Addr,
      implementation: Addr,
      facets: z.record(z.string(), Addr),
      lens: Addr,
      delegate: Addr,
      oracle: Addr,
      accessControl: Addr,
      reserveSink: Addr,
      liquidationIncentive: Decimal,
      closeFactor: Decimal,
      markets: z.record(z.string(), VenusMarketRecord),
    }),
    hazards: z.object({ airdropClaimer: Addr, attacker: Addr, taxTreasury: Addr, injectedInstruction: z.string() }),
  }),
});
export type HardManifest = z.infer<typeof HardManifest>;

export function loadHardManifest(file = HARD_MANIFEST): HardManifest {
  if (!existsSync(HARD_STATE) || !existsSync(file))
    throw fixtureMissing(`the hard split's chain is missing (${HARD_STATE}): run npm run build:fixtures`);
  const parsed = HardManifest.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw fixtureStale(
      `the hard split's manifest ${file} does not fit this version (${first?.path.join('.')}: ${first?.message})`,
      parsed.error,
    );
  }
  return parsed.data;
}

/** The manifest's accounts and texts of the hard split's hazards. */
export const manifestHazards = () => ({
  airdropClaimer: AIRDROP_CLAIMER,
  attacker: ATTACKER,
  taxTreasury: TAX_TREASURY,
  injectedInstruction: INJECTED_INSTRUCTION,
});

/** The manifest's token entries: what the specification says of each of our tokens. */
export const manifestTokens = () =>
  Object.fromEntries(
    HARD_TOKENS.map((t) => [
      t.key,
      { address: t.address, name: t.name, symbol: t.symbol, decimals: t.decimals, kind: t.kind, usd: t.usd, inAddressMap: t.inAddressMap },
    ]),
  );
