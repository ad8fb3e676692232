import { getAddress, keccak256, stringToHex, type Address } from 'viem';

/** Canonical BSC mainnet addresses; the mirror places equivalent contracts at exactly these. */
export const BSC = {
  WBNB: '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c',
  USDT: '0x55d398326f99059fF775485246999027B3197955',
  BUSD: '0xe9e7CEA3DedcA5984780Bafc599bD69ADd087D56',
  CAKE: '0x0E09FaBB73Bd3Ade0a17ECC321fD13a19e81cE82',
  PANCAKE_ROUTER: '0x10ED43C718714eb63d5aA57B78B54704E256024E',
  PANCAKE_FACTORY: '0xcA143Ce32Fe78f1f7019d7d551a6402fC5350c73',
} as const satisfies Record<string, Address>;

export const BSC_CHAIN_ID = 56;

/** Multicall3, at the same address on BSC as on most EVM chains; the hard chain carries a contract with its ABI there. */
export const MULTICALL3: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';

/** A fixed, realistic-looking address derived from a name (stable across builds and runs). */
export function namedAddress(name: string): Address {
  return getAddress(`0x${keccak256(stringToHex(`evm-questbench/${name}`)).slice(-40)}`);
}

/** Owns the mirror's tokens and auxiliary contracts; provisioning impersonates it to mint. */
export const DEPLOYER = namedAddress('deployer');

/** Storage of this address holds the run's marker, so the harness can tell its own anvil from any other node. */
export const MARKER_ADDRESS = namedAddress('marker');
