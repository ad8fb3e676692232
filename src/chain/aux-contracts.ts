// The mirror's own contracts, as the address map (src/tasks/address-map.ts) declares them: the entries the
// mirror places, each at its fixed address, with its artifact, constructor arguments and funding.
import type { Address } from 'viem';
import { addressOn, auxEntries } from '../tasks/address-map.ts';
import type { AuxContract } from './aux-place.ts';

export { REWARD_RATE } from '../tasks/address-map.ts';

/** The PancakeSquad collection's canonical BSC address; the mirror puts a collection with the same name there. */
export const PANCAKE_SQUAD = addressOn('pancake_squad');

/** An address of the map the placement refers to: a token by its fixed address, a pair or contract placed before. */
function resolver(placed: { pairs: Record<string, Address>; contracts: Record<string, Address> }) {
  return (key: string): Address => {
    const a = key.startsWith('pair_') ? placed.pairs[key.slice(5)] : (placed.contracts[key] ?? addressOn(key));
    if (!a) throw new Error(`mirror build: ${key} must be placed before it is used`);
    return a;
  };
}

/**
 * Auxiliary contracts the tasks need, at fixed addresses: `key` is the name in the address map
 * (deployedContracts) the model receives. Order matters where one refers to another.
 */
export const AUX_CONTRACTS: readonly AuxContract[] = auxEntries().map((e) => ({
  key: e.key,
  artifact: e.placed.artifact,
  address: e.at.bsc,
  args: (placed) => e.placed.args(resolver(placed)),
  ...(e.placed.fund ? { fund: e.placed.fund.map((f) => ({ token: addressOn(f.token), amount: f.amount })) } : {}),
}));
