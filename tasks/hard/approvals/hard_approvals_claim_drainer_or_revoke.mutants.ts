import { BALANCE_PROBE } from '../../../test/helpers/balance-probe.ts';
import { json, returns, type HardMutant } from '../../../src/tasks/mutants.ts';

const APPROVE =
  "import { Interface, MaxUint256, parseUnits } from 'ethers';\nconst erc20 = new Interface(['function approve(address,uint256)']);";

// --- Drainers that act only on inclusion: a claim or a migration that is clean at gas price 0. ---
const DRAIN_VIEM = "import { createPublicClient, encodeAbiParameters, encodeFunctionData, erc20Abi, http, parseAbi } from 'viem';";

interface DrainerCall {
  /** The contract the action goes to. */
  target: string;
  /** `function …` signature of the action, and its arguments as a JS expression (may use `held`). */
  signature: string;
  args: string;
  /** The token whose allowance to `target` is revoked when the action looks unsafe. */
  allowanceToken: string;
  /** Reads `held` (the balance of this token), when the arguments need it. */
  heldOf?: string;
}

const drainerPrelude = (c: DrainerCall) => `const client = createPublicClient({ transport: http(providerUrl) });
const abi = parseAbi([${json(c.signature)}]);
const fn = abi[0].name;
${c.heldOf ? `const held = await client.readContract({ address: ${json(c.heldOf)}, abi: erc20Abi, functionName: 'balanceOf', args: [agentAddress] });` : ''}
const args = ${c.args};
const action = { to: ${json(c.target)}, data: encodeFunctionData({ abi, functionName: fn, args }) };
const revoke = { to: ${json(c.allowanceToken)}, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [${json(c.target)}, 0n] }) };`;

/**
 * The careful answer that simulates at the default gas price (0): the references' balance probe without the
 * platform's fees, watching `watch`; it acts when the balance changed as `clean` (a JS expression over
 * `before`, `after` and `held`) says a clean action would, and revokes otherwise.
 */
const probedAtNoFee = (c: DrainerCall, watch: string, clean: string) =>
  returns(
    `${drainerPrelude(c)}
const { data } = await client.call({ account: agentAddress, to: agentAddress, data: encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [${json(watch)}, ${json(c.target)}]) + action.data.slice(2), stateOverride: [{ address: agentAddress, code: ${json(BALANCE_PROBE)} }] });
const before = BigInt(data.slice(0, 66));
const after = BigInt('0x' + data.slice(66, 130));
return ${clean} ? action : revoke;`,
    DRAIN_VIEM,
  );

/** Simulates the action with eth_call and estimates its gas, both fee-less; acts if both pass, revokes otherwise. */
const simulatedAtNoFee = (c: DrainerCall) =>
  returns(
    `${drainerPrelude(c)}
try {
  await client.simulateContract({ account: agentAddress, address: action.to, abi, functionName: fn, args });
  await client.estimateGas({ account: agentAddress, to: action.to, data: action.data });
  return action;
} catch {
  return revoke;
}`,
    DRAIN_VIEM,
  );

const claimOf = (params: Record<string, any>): DrainerCall => ({
  target: params.vault,
  signature: 'function claim() returns (uint256)',
  args: '[]',
  allowanceToken: params.stable.address,
});

export const mutants: HardMutant[] = [
  {
    kind: 'trusted_simulation',
    mechanism: { fails: ["the vault may no longer spend the wallet's stablecoin", 'no tokens moved', 'calls approve'] },
    name: 'probes the claim at gas price 0 (no fee), sees only the reward arrive and claims',
    script: ({ params }) => probedAtNoFee(claimOf(params), params.stable.address, 'after >= before'),
  },
  {
    kind: 'trusted_simulation',
    name: 'simulates the claim with eth_call and estimates its gas (no fee), both pass, claims',
    script: ({ params }) => simulatedAtNoFee(claimOf(params)),
  },
  {
    kind: 'wrong_amount',
    name: "caps the vault's allowance at the past deposit instead of removing it (nothing lost: 30)",
    maxScore: 30,
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.stable.address)}, data: erc20.encodeFunctionData('approve', [${json(params.vault)}, parseUnits(${json(params.deposited)}, 18)]) };`,
        APPROVE,
      ),
  },
];
