import type { Address } from 'viem';
import { redeemAll, script, submit, type ScriptRound, type SkillContext, type HardContracts } from '../../../src/composite/reference.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';

// hard_lending_withdraw_all_supply: "withdraw everything" as an underlying amount read before the block the
// withdrawal executes in, so the interest of the blocks in between stays supplied.

/**
 * redeemUnderlying(the wallet's supply as read `how`): balanceOfUnderlying through eth_call now ('current') or
 * one block earlier, as a round before would have read it ('previous'); vTokens × exchangeRateStored
 * ('stored'); plus `extraBps` of headroom.
 */
async function redeemReadSupply(
  { viem: { createPublicClient, encodeFunctionData, http, parseAbi }, providerUrl, agentAddress }: SkillContext<HardContracts>,
  a: { vToken: Address; how: 'current' | 'previous' | 'stored'; extraBps: number },
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi([
    'function balanceOfUnderlying(address) returns (uint256)',
    'function balanceOf(address) view returns (uint256)',
    'function exchangeRateStored() view returns (uint256)',
    'function redeemUnderlying(uint256) returns (uint256)',
  ]);
  let supplied: bigint;
  if (a.how === 'stored') {
    const held = await client.readContract({ address: a.vToken, abi, functionName: 'balanceOf', args: [agentAddress] });
    const rate = await client.readContract({ address: a.vToken, abi, functionName: 'exchangeRateStored' });
    supplied = (held * rate) / 10n ** 18n;
  } else {
    const head = await client.getBlockNumber();
    const { result } = await client.simulateContract({
      address: a.vToken,
      abi,
      functionName: 'balanceOfUnderlying',
      args: [agentAddress],
      account: agentAddress,
      blockNumber: a.how === 'previous' ? head - 1n : head,
    });
    supplied = result;
  }
  const amount = supplied + (supplied * BigInt(a.extraBps)) / 10_000n;
  return { to: a.vToken, data: encodeFunctionData({ abi, functionName: 'redeemUnderlying', args: [amount] }) };
}

const withdrawBoth = (usdt: ScriptRound, cake: ScriptRound) => ({
  plan: 'withdraw the USDT, then the CAKE',
  rounds: [usdt, cake, submit()],
});

const readAndRedeem = (vToken: Address, how: 'current' | 'previous' | 'stored', extraBps = 0) =>
  script(redeemReadSupply, { vToken, how, extraBps });

export const mutants: HardMutant<ScriptRound>[] = [
  {
    kind: 'wrong_amount',
    mechanism: {
      fails: [
        'nothing of the USDT or the CAKE stays supplied, not a vToken unit',
        'the wallet received each whole supply as redeeming all of it paid at that block (within 1 wei)',
      ],
    },
    name: 'redeemUnderlying(balanceOfUnderlying read by eth_call) in each market: a block of interest stays supplied',
    episode: (_p, env) => withdrawBoth(readAndRedeem(env.vUSDT, 'current'), readAndRedeem(env.vCAKE, 'current')),
  },
  {
    kind: 'wrong_amount',
    name: 'redeemUnderlying(vTokens × exchangeRateStored) in each market',
    episode: (_p, env) => withdrawBoth(readAndRedeem(env.vUSDT, 'stored'), readAndRedeem(env.vCAKE, 'stored')),
  },
  {
    kind: 'wrong_amount',
    name: 'redeems the whole vUSDT balance, then withdraws the CAKE amount it read a round earlier',
    episode: (_p, env) => withdrawBoth(script(redeemAll, { vToken: env.vUSDT }), readAndRedeem(env.vCAKE, 'previous')),
  },
  {
    kind: 'wrong_amount',
    name: 'redeemUnderlying of the supply read plus 0.1 % for interest (more than the supply: it reverts)',
    episode: (_p, env) => withdrawBoth(readAndRedeem(env.vUSDT, 'current', 10), readAndRedeem(env.vCAKE, 'current', 10)),
  },
];
