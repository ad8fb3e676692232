import { parseUnits, type Address } from 'viem';
import {
  approve,
  balanceChanges,
  script,
  submit,
  transferToken,
  type SkillContext,
  type ScriptRound,
  type HardContracts,
} from '../../../src/composite/reference.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';
import type { HardEnv } from '../../../src/tasks/address-map.ts';

/**
 * Sells exactly `amount` base units along `path`; `supporting` picks the fee-on-transfer-safe swap, and the minimum is
 * the router's quote for the full amount less `slippage` % (what a wallet that ignores transfer taxes does).
 */
async function sellRaw(
  {
    viem: { createPublicClient, encodeFunctionData, http, parseAbi },
    providerUrl,
    agentAddress,
    deployedContracts,
  }: SkillContext<HardContracts>,
  a: { amount: bigint; path: Address[]; slippage: number; supporting: boolean },
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi([
    'function getAmountsOut(uint256, address[]) view returns (uint256[])',
    'function swapExactTokensForTokens(uint256, uint256, address[], address, uint256)',
    'function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256, uint256, address[], address, uint256)',
  ]);
  const quote = await client.readContract({
    address: deployedContracts.router,
    abi,
    functionName: 'getAmountsOut',
    args: [a.amount, a.path],
  });
  const quoted = quote.at(-1);
  if (quoted === undefined) throw new Error('the router returned no quote');
  const min = (quoted * BigInt(100 - a.slippage)) / 100n;
  const { timestamp } = await client.getBlock();
  const functionName = a.supporting ? 'swapExactTokensForTokensSupportingFeeOnTransferTokens' : 'swapExactTokensForTokens';
  return {
    to: deployedContracts.router,
    data: encodeFunctionData({ abi, functionName, args: [a.amount, min, a.path, agentAddress, timestamp + 1200n] }),
  };
}

/** The consolidation with the given base units per token and swap choice, then the USDT the feedback reported sent on. */
function consolidate(params: Record<string, any>, env: HardEnv, units: { yld: number; usdc: number; floki: number }, supporting: boolean) {
  const sales = [
    { token: env.YLD, amount: parseUnits(params.yld, units.yld), path: [env.YLD, env.WBNB, env.USDT] },
    { token: env.USDCet, amount: parseUnits(params.usdc, units.usdc), path: [env.USDCet, env.USDT] },
    { token: env.FLOKI, amount: parseUnits(params.floki, units.floki), path: [env.FLOKI, env.WBNB, env.USDT] },
  ];
  return {
    plan: 'approve and sell each token, then send the USDT the sales paid',
    rounds: [
      ...sales.flatMap((s) => [
        script(approve, { token: s.token, spender: env.router, amount: s.amount }),
        script(sellRaw, { amount: s.amount, path: s.path, slippage: params.slippage, supporting }),
      ]),
      (feedback: readonly string[]) =>
        script(transferToken, {
          token: env.USDT,
          to: params.to,
          amount: balanceChanges(feedback).reduce((sum, c) => sum + (c.get('USDT') ?? 0n), 0n),
        }),
      submit(),
    ],
  };
}

export const mutants: HardMutant<ScriptRound>[] = [
  {
    kind: 'standard_swap_on_taxed_token',
    mechanism: {
      fails: [
        "exactly the requested YLD sold for USDT at the route's price",
        "the YLD sale's minimum is within the slippage limit of the quote for what reached the pool",
        'each token was approved and no router allowance is left',
        'the recipient received exactly the USDT the three sales paid',
      ],
    },
    name: 'sells every token with the standard swap and a minimum from the untaxed quote (the YLD sale reverts)',
    episode: (params, env) => consolidate(params, env, { yld: 18, usdc: 6, floki: 9 }, false),
  },
  {
    kind: 'wrong_decimals',
    name: 'uses 18 decimals for every token (the USDCet and FLOKI sales revert)',
    episode: (params, env) => consolidate(params, env, { yld: 18, usdc: 18, floki: 18 }, true),
  },
  {
    kind: 'wrong_amount',
    name: 'fee-safe swaps, but every minimum from the untaxed quote: YLD reverts on its minimum',
    episode: (params, env) => consolidate(params, env, { yld: 18, usdc: 6, floki: 9 }, true),
  },
];
