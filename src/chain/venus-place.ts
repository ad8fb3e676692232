import {
  getAddress,
  maxUint256,
  parseEther,
  parseUnits,
  toFunctionSelector,
  type Abi,
  type AbiFunction,
  type Address,
  type Hex,
} from 'viem';
import { DEPLOYER, namedAddress } from './addresses.ts';
import { callAs } from './call-as.ts';
import { LENDING_ORACLE_ABI, VBNB_ABI, VENUS_COMPTROLLER_ABI, VTOKEN_ABI } from './hard-abis.ts';
import {
  LENDING_WHALE,
  tokenAddress,
  tokenDecimals,
  USD_PRICES,
  VENUS_BSC,
  VENUS_CLOSE_FACTOR,
  VENUS_LIQUIDATION_INCENTIVE,
  VENUS_MARKETS,
  type VenusMarketSpec,
} from './hard-spec.ts';
import { approveAs } from './hard-tokens-place.ts';
import { fixtureMissing } from './fixture-error.ts';
import { placeContract } from './place-contract.ts';
import type { ChainClients } from './rpc.ts';
import type { VenusBuild, VenusContract } from './venus-build.ts';

type Artifacts = ReadonlyMap<string, { abi: Abi | readonly unknown[]; bytecode: Hex }>;

/** Our own contracts around the real ones: the price oracle, the access control manager, the reserve sink. */
export const VENUS_OWN = {
  oracle: namedAddress('hard/venus/oracle'),
  accessControl: namedAddress('hard/venus/access_control'),
  reserveSink: namedAddress('hard/venus/reserve_sink'),
} as const;

export interface VenusMarketRecord {
  address: Address;
  /** Underlying token; the native-coin sentinel for vBNB. */
  underlying: Address;
  underlyingDecimals: number;
  collateralFactor: string;
  liquidationThreshold: string;
  reserveFactor: string;
  rateModel: Address;
}

export interface VenusRecord {
  comptroller: Address;
  implementation: Address;
  facets: Record<string, Address>;
  lens: Address;
  delegate: Address;
  oracle: Address;
  accessControl: Address;
  reserveSink: Address;
  liquidationIncentive: string;
  closeFactor: string;
  markets: Record<string, VenusMarketRecord>;
}

/** Venus price mantissa for a token: USD per whole token × 1e(36 − decimals). */
export function venusPrice(key: string): bigint {
  return parseUnits(USD_PRICES[key === 'BNB' ? 'WBNB' : key]!, 36 - tokenDecimals(key));
}

const NATIVE = '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' as const;
const ACTION_ADD = 0;

/** Selectors each facet serves: what it declares that the Diamond does not, each selector once. */
export function facetCuts(
  diamond: Abi,
  facets: Record<string, { abi: Abi; address: Address }>,
): { facetAddress: Address; action: number; functionSelectors: Hex[] }[] {
  const fns = (abi: Abi) => abi.filter((x): x is AbiFunction => x.type === 'function').map((f) => toFunctionSelector(f));
  const taken = new Set(fns(diamond));
  return Object.values(facets).map((f) => {
    const functionSelectors = [...new Set(fns(f.abi))].filter((s) => !taken.has(s));
    for (const s of functionSelectors) taken.add(s);
    return { facetAddress: f.address, action: ACTION_ADD, functionSelectors };
  });
}

async function place(
  chain: ChainClients,
  target: Address,
  artifact: { abi: Abi | readonly unknown[]; bytecode: Hex },
  args: readonly unknown[] = [],
): Promise<void> {
  await chain.test.impersonateAccount({ address: DEPLOYER });
  await placeContract(chain, DEPLOYER, target, artifact, args);
}

const mantissa = (x: string) => parseEther(x);
const underlyingOf = (m: VenusMarketSpec): Address => (m.underlying === 'BNB' ? NATIVE : tokenAddress(m.underlying));

const need = (own: Artifacts, name: string) => {
  const a = own.get(name);
  if (!a) throw fixtureMissing(`artifact ${name} missing (run npm run build:fixtures)`);
  return a;
};

const at = (c: VenusContract) => {
  if (!c.bscAddress) throw new Error('Venus build: a recorded contract has no address');
  return c.bscAddress;
};

/** The package's recorded Unitroller and market addresses must be the canonical ones the spec names. */
function checkRecordedAddresses(venus: VenusBuild): void {
  if (getAddress(venus.recorded.Unitroller!) !== VENUS_BSC.comptroller)
    throw new Error('Venus: the package records another Unitroller address');
  for (const m of VENUS_MARKETS) {
    if (venus.recorded[m.key] && getAddress(venus.recorded[m.key]!) !== m.address)
      throw new Error(`Venus: the package records another address for ${m.key}`);
  }
}

/** Our contracts, the Unitroller and the implementation contracts; returns the facets by name. */
async function placeContracts(
  chain: ChainClients,
  venus: VenusBuild,
  own: Artifacts,
): Promise<Record<string, { abi: Abi; address: Address }>> {
  await place(chain, VENUS_OWN.accessControl, need(own, 'OwnerAccessControl'));
  await place(chain, VENUS_OWN.oracle, need(own, 'LendingPriceOracle'));
  await place(chain, VENUS_OWN.reserveSink, need(own, 'ReserveSink'));

  await place(chain, VENUS_BSC.comptroller, venus.unitroller);
  await place(chain, at(venus.diamond), venus.diamond);
  const facets: Record<string, { abi: Abi; address: Address }> = {};
  for (const [name, f] of Object.entries(venus.facets)) {
    await place(chain, at(f), f);
    facets[name] = { abi: f.abi, address: at(f) };
  }
  await place(chain, at(venus.lens), venus.lens);
  await place(chain, at(venus.delegate), venus.delegate);
  for (const model of Object.values(venus.rateModels)) await place(chain, at(model), model, model.args ?? []);
  return facets;
}

/** Points the Unitroller at the Diamond, cuts in the facets and sets the pool-wide parameters. */
async function configureComptroller(
  chain: ChainClients,
  venus: VenusBuild,
  facets: Record<string, { abi: Abi; address: Address }>,
): Promise<void> {
  const comptroller = VENUS_BSC.comptroller;
  const C = VENUS_COMPTROLLER_ABI;
  await callAs(chain, DEPLOYER, comptroller, C, '_setPendingImplementation', [at(venus.diamond)]);
  await callAs(chain, DEPLOYER, at(venus.diamond), C, '_become', [comptroller]);
  await callAs(chain, DEPLOYER, comptroller, C, 'diamondCut', [facetCuts(venus.diamond.abi, facets)]);
  await callAs(chain, DEPLOYER, comptroller, C, '_setAccessControl', [VENUS_OWN.accessControl]);
  await callAs(chain, DEPLOYER, comptroller, C, 'setPriceOracle', [VENUS_OWN.oracle]);
  await callAs(chain, DEPLOYER, comptroller, C, 'setDeviationBoundedOracle', [VENUS_OWN.oracle]);
  await callAs(chain, DEPLOYER, comptroller, C, '_setComptrollerLens', [at(venus.lens)]);
  await callAs(chain, DEPLOYER, comptroller, C, '_setCloseFactor', [mantissa(VENUS_CLOSE_FACTOR)]);
  await callAs(chain, DEPLOYER, VENUS_OWN.oracle, LENDING_ORACLE_ABI, 'setNativeMarket', [VENUS_BSC.vBNB]);
}

/** Places one market's vToken, prices its underlying, configures and lists it. */
async function listMarket(chain: ChainClients, venus: VenusBuild, m: VenusMarketSpec): Promise<VenusMarketRecord> {
  const comptroller = VENUS_BSC.comptroller;
  const C = VENUS_COMPTROLLER_ABI;
  const decimals = m.underlying === 'BNB' ? 18 : tokenDecimals(m.underlying);
  const rateModel = at(venus.rateModels[m.rateModel]!);
  // Compound's convention: one vToken (8 decimals) is worth 0.02 underlying at listing.
  const initialExchangeRate = 2n * 10n ** BigInt(decimals + 8);
  if (m.underlying === 'BNB') {
    await place(chain, m.address, venus.vbnb, [comptroller, rateModel, initialExchangeRate, m.name, m.key, 8, DEPLOYER]);
  } else {
    await place(chain, m.address, venus.delegator, [
      tokenAddress(m.underlying),
      comptroller,
      rateModel,
      initialExchangeRate,
      m.name,
      m.key,
      8,
      DEPLOYER,
      at(venus.delegate),
      '0x',
    ]);
  }
  await callAs(chain, DEPLOYER, VENUS_OWN.oracle, LENDING_ORACLE_ABI, 'setPrice', [underlyingOf(m), venusPrice(m.underlying)]);
  const V = VTOKEN_ABI;
  await callAs(chain, DEPLOYER, m.address, V, 'setAccessControlManager', [VENUS_OWN.accessControl]);
  await callAs(chain, DEPLOYER, m.address, V, 'setProtocolShareReserve', [VENUS_OWN.reserveSink]);
  // BSC sends reserves to the protocol share reserve once a day of blocks has passed.
  await callAs(chain, DEPLOYER, m.address, V, 'setReduceReservesBlockDelta', [28_800n]);
  await callAs(chain, DEPLOYER, m.address, V, '_setReserveFactor', [mantissa(m.reserveFactor)]);
  await callAs(chain, DEPLOYER, comptroller, C, '_supportMarket', [m.address]);
  await callAs(chain, DEPLOYER, comptroller, C, 'setCollateralFactor', [
    m.address,
    mantissa(m.collateralFactor),
    mantissa(m.liquidationThreshold),
  ]);
  await callAs(chain, DEPLOYER, comptroller, C, 'setLiquidationIncentive', [m.address, mantissa(VENUS_LIQUIDATION_INCENTIVE)]);
  await callAs(chain, DEPLOYER, comptroller, C, '_setMarketSupplyCaps', [[m.address], [parseUnits(m.supplyCap, decimals)]]);
  await callAs(chain, DEPLOYER, comptroller, C, '_setMarketBorrowCaps', [[m.address], [parseUnits(m.borrowCap, decimals)]]);
  await callAs(chain, DEPLOYER, comptroller, C, 'setIsBorrowAllowed', [0n, m.address, true]);
  return {
    address: m.address,
    underlying: underlyingOf(m),
    underlyingDecimals: decimals,
    collateralFactor: m.collateralFactor,
    liquidationThreshold: m.liquidationThreshold,
    reserveFactor: m.reserveFactor,
    rateModel,
  };
}

/**
 * Places the Venus core pool at its canonical BSC addresses (Unitroller, markets) with its implementation
 * contracts at the addresses the package records (Diamond, facets, lens, VBep20Delegate, rate models), our
 * oracle, access control and reserve sink beside it, then lists and configures the markets the spec names.
 */
export async function placeVenus(chain: ChainClients, venus: VenusBuild, own: Artifacts): Promise<VenusRecord> {
  checkRecordedAddresses(venus);
  const facets = await placeContracts(chain, venus, own);
  await configureComptroller(chain, venus, facets);
  const markets: Record<string, VenusMarketRecord> = {};
  for (const m of VENUS_MARKETS) markets[m.key] = await listMarket(chain, venus, m);
  return {
    comptroller: VENUS_BSC.comptroller,
    implementation: at(venus.diamond),
    facets: Object.fromEntries(Object.entries(facets).map(([k, f]) => [k, f.address])),
    lens: at(venus.lens),
    delegate: at(venus.delegate),
    ...VENUS_OWN,
    liquidationIncentive: VENUS_LIQUIDATION_INCENTIVE,
    closeFactor: VENUS_CLOSE_FACTOR,
    markets,
  };
}

/**
 * Gives the markets liquidity and utilisation, as a lending whale would: it supplies every market, enters
 * vBNB as collateral and borrows against it. `fund(key, amount)` must give the whale the underlying.
 */
export async function seedVenusMarkets(chain: ChainClients, fund: (key: string, amount: bigint) => Promise<void>): Promise<void> {
  const whale = LENDING_WHALE;
  for (const m of VENUS_MARKETS) {
    const decimals = m.underlying === 'BNB' ? 18 : tokenDecimals(m.underlying);
    const supply = parseUnits(m.supply, decimals);
    if (m.underlying === 'BNB') {
      await chain.test.setBalance({ address: whale, value: supply + parseEther('100') });
      await callAs(chain, whale, m.address, VBNB_ABI, 'mint', [], supply);
      await callAs(chain, whale, VENUS_BSC.comptroller, VENUS_COMPTROLLER_ABI, 'enterMarkets', [[m.address]]);
    } else {
      await fund(m.underlying, supply);
      await approveAs(chain, whale, tokenAddress(m.underlying), m.address, maxUint256);
      await callAs(chain, whale, m.address, VTOKEN_ABI, 'mint', [supply]);
    }
  }
  for (const m of VENUS_MARKETS) {
    const borrow = parseUnits(m.borrow, m.underlying === 'BNB' ? 18 : tokenDecimals(m.underlying));
    if (borrow > 0n) await callAs(chain, whale, m.address, VTOKEN_ABI, 'borrow', [borrow]);
  }
}
