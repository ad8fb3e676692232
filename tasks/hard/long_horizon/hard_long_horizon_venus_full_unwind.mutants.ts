import type { Address } from 'viem';
import {
  balanceChanges,
  call,
  read,
  script,
  type Script,
  type ScriptRound,
  type SkillContext,
  type HardContracts,
} from '../../../src/composite/reference.ts';
import fullUnwind from './hard_long_horizon_venus_full_unwind.reference.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';
import type { HardEnv } from '../../../src/tasks/address-map.ts';
import { storedDebt } from './_mutant-helpers.ts';
import { defined } from '../../../src/validators/defined.ts';

// hard_long_horizon_venus_full_unwind: the reference's twelve rounds with one careless habit edited in, so each
// mutant differs from the reference only where the habit acts.

/** redeemUnderlying(balanceOfUnderlying as an eth_call reads it): the supply one block before the withdrawal runs. */
async function redeemSupplyAsRead(
  { viem: { createPublicClient, encodeFunctionData, http, parseAbi }, providerUrl, agentAddress }: SkillContext<HardContracts>,
  a: { vToken: Address },
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi(['function balanceOfUnderlying(address) returns (uint256)', 'function redeemUnderlying(uint256) returns (uint256)']);
  const { result } = await client.simulateContract({
    address: a.vToken,
    abi,
    functionName: 'balanceOfUnderlying',
    args: [agentAddress],
    account: agentAddress,
  });
  return { to: a.vToken, data: encodeFunctionData({ abi, functionName: 'redeemUnderlying', args: [result] }) };
}

/** The unwind's reference rounds (0-11 and the submit) with `edit` applied to them. */
function unwindWith(params: Record<string, any>, env: HardEnv, edit: (rounds: ScriptRound[]) => void) {
  const reference = fullUnwind(params as Parameters<typeof fullUnwind>[0], env);
  const rounds = [...reference.rounds];
  edit(rounds);
  return { plan: reference.plan, rounds };
}

/** A reference round with some of its skill's arguments replaced. */
const withArgs = (round: ScriptRound, args: Record<string, unknown>): Script => {
  const s = round as Script;
  return { ...s, args: { ...(s.args as object), ...args } };
};

const repayAsStored = (vToken: Address) =>
  script(call, { to: vToken, signature: 'function repayBorrow(uint256) returns (uint256)', args: [read(storedDebt, { vToken })] });

export const mutants: HardMutant<ScriptRound>[] = [
  {
    kind: 'wrong_amount',
    name: 'repays each loan with the debt as last stored: interest stays owing and the BNB cannot all be withdrawn',
    episode: (params, env) =>
      unwindWith(params, env, (r) => {
        r[1] = repayAsStored(env.vUSDT);
        r[7] = repayAsStored(env.vBUSD);
      }),
  },
  {
    kind: 'wrong_amount',
    mechanism: { fails: ['the Venus position is closed: not a wei of debt and not a vToken unit supplied in any market'] },
    name: 'withdraws the USDT supply as the underlying amount read a block earlier: vUSDT stays supplied',
    episode: (params, env) =>
      unwindWith(params, env, (r) => {
        r[2] = script(redeemSupplyAsRead, { vToken: env.vUSDT });
      }),
  },
  {
    kind: 'wrong_amount',
    name: 'sells the USDT the withdrawal paid (from its feedback), not the whole USDT balance',
    episode: (params, env) =>
      unwindWith(params, env, (r) => {
        const paid = (f: readonly string[]) => balanceChanges(f)[2]?.get('USDT') ?? 0n;
        const [grant, sale] = [defined(r[3], 'the grant round'), defined(r[4], 'the sale round')];
        r[3] = (f) => withArgs(grant, { amount: paid(f) });
        r[4] = (f) => withArgs(sale, { amountIn: paid(f) });
      }),
  },
  {
    kind: 'wrong_amount',
    name: 'buys exactly the BUSD the loan needs as read, no headroom: the loan has grown by the repayment and repayBorrow(max) reverts',
    episode: (params, env) =>
      unwindWith(params, env, (r) => {
        r[5] = withArgs(defined(r[5], 'the repay round'), { headroom: 0n });
      }),
  },
];
