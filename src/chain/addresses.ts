import type { Address } from 'viem';
import { addressOn, namedAddress } from '../tasks/address-map.ts';

export { namedAddress } from '../tasks/address-map.ts';

/** Canonical BSC mainnet addresses (from the address map); the mirror places equivalent contracts at exactly these. */
export const BSC = {
  WBNB: addressOn('WBNB'),
  USDT: addressOn('USDT'),
  BUSD: addressOn('BUSD'),
  CAKE: addressOn('CAKE'),
  PANCAKE_ROUTER: addressOn('router'),
  PANCAKE_FACTORY: addressOn('factory'),
} as const satisfies Record<string, Address>;

export const BSC_CHAIN_ID = 56;

/** Multicall3, at the same address on BSC as on most EVM chains; the hard chain carries a contract with its ABI there. */
export const MULTICALL3: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';

/** Owns the mirror's tokens and auxiliary contracts; provisioning impersonates it to mint. */
export const DEPLOYER = namedAddress('deployer');

/** Storage of this address holds the run's marker, so the harness can tell its own anvil from any other node. */
export const MARKER_ADDRESS = namedAddress('marker');
