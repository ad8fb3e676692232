// The hard chain's Venus core pool: the canonical BSC addresses and the markets it lists, with their parameters.
import { getAddress, type Address } from 'viem';
import { namedAddress } from './addresses.ts';

/**
 * Canonical Venus core-pool addresses on BSC mainnet, as @venusprotocol/venus-protocol 10.3.0 records
 * them (deployments/bscmainnet/<name>.json: Unitroller, vBNB, vUSDT, vBUSD, vCAKE); the build checks
 * them against those files.
 */
export const VENUS_BSC = {
  comptroller: '0xfD36E2c2a6789Db23113685031d7F16329158384',
  vBNB: '0xA07c5b74C9B40447a954e1466938b865b6BBea36',
  vUSDT: '0xfD5840Cd36d94D7229439859C0112a4185BC0255',
  vBUSD: '0x95c78222B3D6e262426483D42CfA53685A67Ab9D',
  vCAKE: '0x86aC3974e2BD0d60825230fa6F355fF11409df5c',
} as const satisfies Record<string, Address>;

export interface VenusMarketSpec {
  key: 'vBNB' | 'vUSDT' | 'vBUSD' | 'vCAKE' | 'vWBTC';
  /** Underlying token key; BNB for the native market. */
  underlying: string;
  address: Address;
  name: string;
  collateralFactor: string;
  liquidationThreshold: string;
  reserveFactor: string;
  /** A JumpRateModel the package records for bscmainnet (blocks per year 70,080,000), by its deployment name. */
  rateModel: string;
  /** Whole tokens the whale supplies, and borrows against its BNB. */
  supply: string;
  borrow: string;
  /** Whole tokens. */
  supplyCap: string;
  borrowCap: string;
}

/**
 * The lending markets. vBNB 80 % CF / 80 % LT as Venus governance records for the core pool
 * (VenusProtocol/vips PR 692 states the current vBNB values it mirrors on testnet); CAKE 55 % CF and
 * 25 % reserve factor as its listing proposal set them (community.venus.io, "Draft VIP 33: Support
 * PancakeSwap (CAKE)"); the rest are chosen BSC-like. vWBTC is ours (an 8-decimal underlying), at a
 * fixed address of its own. Liquidation incentive 1.1 and close factor 0.5 for all.
 */
export const VENUS_MARKETS: readonly VenusMarketSpec[] = [
  {
    key: 'vBNB',
    underlying: 'BNB',
    address: VENUS_BSC.vBNB,
    name: 'Venus BNB',
    collateralFactor: '0.8',
    liquidationThreshold: '0.8',
    reserveFactor: '0.3',
    rateModel: 'JumpRateModel_base0bps_slope900bps_jump20000bps_kink5000bps_bpy70080000',
    supply: '20000',
    borrow: '0',
    supplyCap: '2000000',
    borrowCap: '1000000',
  },
  {
    key: 'vUSDT',
    underlying: 'USDT',
    address: VENUS_BSC.vUSDT,
    name: 'Venus USDT',
    collateralFactor: '0.8',
    liquidationThreshold: '0.83',
    reserveFactor: '0.1',
    rateModel: 'JumpRateModel_base0bps_slope1000bps_jump25000bps_kink8000bps_bpy70080000',
    supply: '5000000',
    borrow: '3000000',
    supplyCap: '1000000000',
    borrowCap: '800000000',
  },
  {
    key: 'vBUSD',
    underlying: 'BUSD',
    address: VENUS_BSC.vBUSD,
    name: 'Venus BUSD',
    collateralFactor: '0',
    liquidationThreshold: '0',
    reserveFactor: '0.1',
    rateModel: 'JumpRateModel_base0bps_slope1000bps_jump25000bps_kink8000bps_bpy70080000',
    supply: '1000000',
    borrow: '200000',
    supplyCap: '100000000',
    borrowCap: '50000000',
  },
  {
    key: 'vCAKE',
    underlying: 'CAKE',
    address: VENUS_BSC.vCAKE,
    name: 'Venus CAKE',
    collateralFactor: '0.55',
    liquidationThreshold: '0.6',
    reserveFactor: '0.25',
    rateModel: 'JumpRateModel_base200bps_slope2000bps_jump30000bps_kink5000bps_bpy70080000',
    supply: '2000000',
    borrow: '400000',
    supplyCap: '50000000',
    borrowCap: '10000000',
  },
  {
    key: 'vWBTC',
    underlying: 'WBTC',
    address: getAddress(namedAddress('hard/venus/vWBTC')),
    name: 'Venus WBTC',
    collateralFactor: '0.75',
    liquidationThreshold: '0.8',
    reserveFactor: '0.2',
    rateModel: 'JumpRateModel_base0bps_slope1000bps_jump20000bps_kink7500bps_bpy70080000',
    supply: '50',
    borrow: '10',
    supplyCap: '5000',
    borrowCap: '2000',
  },
];

export const VENUS_LIQUIDATION_INCENTIVE = '1.1';
export const VENUS_CLOSE_FACTOR = '0.5';
