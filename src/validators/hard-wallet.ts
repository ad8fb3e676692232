// What hard-split validators need to know about the starting wallet and the tokens outside the address
// map: whom it paid, the lookalikes planted next to them, and where the hazard tokens and the claimer are.
export { PAYEES, POISONER, PAYMENT_HISTORY, lookalikeOf } from '../chain/hard-provision.ts';
export { AIRDROP_CLAIMER, ATTACKER, tokenAddress as hardTokenAddress } from '../chain/hard-spec.ts';
