import type { AuxContract } from './build-mirror.ts';

/** Auxiliary contracts the tasks need, at fixed addresses in the address map given to the model. */
export const AUX_CONTRACTS: readonly AuxContract[] = [];
