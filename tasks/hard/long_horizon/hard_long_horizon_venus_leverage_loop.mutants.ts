import { parseUnits, type Address } from 'viem';
import {
  approve,
  balanceChanges,
  call,
  script,
  submit,
  swapExactTokens,
  type SkillContext,
  type ScriptRound,
  type HardContracts,
} from '../../../src/composite/reference.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';
import type { HardEnv } from '../../../src/tasks/address-map.ts';

/** supply `amount` BNB to vBNB. */
function supplyBnb({ viem: { encodeFunctionData, parseAbi } }: SkillContext<HardContracts>, a: { vBNB: Address; amount: bigint }) {
  return { to: a.vBNB, data: encodeFunctionData({ abi: parseAbi(['function mint() payable']), functionName: 'mint' }), value: a.amount };
}

/** The most whole USDT keeping supplied value / debt value at `ratio` % (Venus oracle, current values). */
async function borrowAtRatio(
  {
    viem: { createPublicClient, encodeFunctionData, http, parseAbi },
    providerUrl,
    agentAddress,
    deployedContracts,
  }: SkillContext<HardContracts>,
  a: { ratio: number },
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi([
    'function balanceOf(address) view returns (uint256)',
    'function exchangeRateCurrent() returns (uint256)',
    'function borrowBalanceCurrent(address) returns (uint256)',
    'function getUnderlyingPrice(address) view returns (uint256)',
    'function borrow(uint256) returns (uint256)',
  ]);
  const [vBNB, vUSDT, oracle] = [deployedContracts.vBNB, deployedContracts.vUSDT, deployedContracts.venus_oracle];
  const vTokens = await client.readContract({ address: vBNB, abi, functionName: 'balanceOf', args: [agentAddress] });
  const rate = (await client.simulateContract({ address: vBNB, abi, functionName: 'exchangeRateCurrent', account: agentAddress })).result;
  const owed = (
    await client.simulateContract({
      address: vUSDT,
      abi,
      functionName: 'borrowBalanceCurrent',
      args: [agentAddress],
      account: agentAddress,
    })
  ).result;
  const price = await client.readContract({ address: oracle, abi, functionName: 'getUnderlyingPrice', args: [vBNB] });
  const room = (((((vTokens * rate) / 10n ** 18n) * price) / 10n ** 18n) * 100n) / BigInt(a.ratio) - owed;
  return { to: vUSDT, data: encodeFunctionData({ abi, functionName: 'borrow', args: [(room / 10n ** 18n) * 10n ** 18n] }) };
}

/** One leverage loop whose supply is the BNB change the feedback showed (what the sale paid, less the sale's gas). */
const loopFromFeedback = (env: HardEnv, slippage: number, borrowRound: ReturnType<typeof script>, borrowIndex: number) => [
  borrowRound,
  (f: readonly string[]) =>
    script(approve, { token: env.USDT, spender: env.router, amount: balanceChanges(f)[borrowIndex]?.get('USDT') ?? 0n }),
  (f: readonly string[]) =>
    script(swapExactTokens, {
      amountIn: balanceChanges(f)[borrowIndex]?.get('USDT') ?? 0n,
      path: [env.USDT, env.WBNB],
      slippage,
      forBnb: true,
    }),
  (f: readonly string[]) => script(supplyBnb, { vBNB: env.vBNB, amount: balanceChanges(f).at(-1)?.get('BNB') ?? 0n }),
];

export const mutants: HardMutant<ScriptRound>[] = [
  {
    kind: 'wrong_amount',
    mechanism: {
      fails: ['the first supply is exactly the BNB the first sale paid', 'the second supply is exactly the BNB the second sale paid'],
    },
    name: "supplies the BNB change the feedback showed, which is the sale's output less its gas",
    episode: (params, env) => ({
      plan: 'two loops, each supply from the balance change reported',
      rounds: [
        ...loopFromFeedback(
          env,
          params.slippage,
          script(call, { to: env.vUSDT, signature: 'function borrow(uint256)', args: [parseUnits(params.borrow, 18)] }),
          0,
        ),
        ...loopFromFeedback(env, params.slippage, script(borrowAtRatio, { ratio: params.ratio }), 4),
        submit(),
      ],
    }),
  },
  {
    kind: 'skipped_step',
    name: 'runs the first loop and stops',
    episode: (params, env) => ({
      plan: 'one loop',
      rounds: [
        script(call, { to: env.vUSDT, signature: 'function borrow(uint256)', args: [parseUnits(params.borrow, 18)] }),
        script(approve, { token: env.USDT, spender: env.router, amount: parseUnits(params.borrow, 18) }),
        script(swapExactTokens, {
          amountIn: parseUnits(params.borrow, 18),
          path: [env.USDT, env.WBNB],
          slippage: params.slippage,
          forBnb: true,
        }),
        (f) => script(supplyBnb, { vBNB: env.vBNB, amount: balanceChanges(f).at(-1)?.get('BNB') ?? 0n }),
        submit(),
      ],
    }),
  },
];
