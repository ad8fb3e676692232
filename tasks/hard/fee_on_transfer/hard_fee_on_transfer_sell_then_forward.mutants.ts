import { parseEther, type Address } from 'viem';
import {
  approve,
  read,
  script,
  sendBnb,
  submit,
  swapExactTokens,
  type SkillContext,
  type ScriptRound,
  type HardContracts,
} from '../../../src/composite/reference.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';
import { sellSupporting } from './_mutant-helpers.ts';

/** The router's quote for selling `amount` of `token` for WBNB, the tax not taken off. */
async function grossQuote(
  { viem: { createPublicClient, http, parseAbi }, providerUrl, deployedContracts }: SkillContext<HardContracts>,
  a: { token: Address; amount: bigint },
): Promise<bigint> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi(['function getAmountsOut(uint256, address[]) view returns (uint256[])']);
  const out = await client.readContract({
    address: deployedContracts.router,
    abi,
    functionName: 'getAmountsOut',
    args: [a.amount, [a.token, deployedContracts.WBNB]],
  });
  return out[1] ?? 0n;
}

export const mutants: HardMutant<ScriptRound>[] = [
  {
    kind: 'standard_swap_on_taxed_token',
    mechanism: {
      fails: [
        'the router was approved for exactly the SFS sold',
        'sold exactly the requested SFS',
        'the sale paid the BNB the taxed amount is worth',
        "the sale's minimum is within the slippage of the after-tax quote",
        'the recipient received exactly what the sale paid',
      ],
    },
    name: 'sells with swapExactTokensForETH, then forwards the quote anyway',
    episode: (p, env) => {
      const amount = parseEther(p.amount);
      return {
        plan: 'approve, swapExactTokensForETH, send the quoted BNB',
        rounds: [
          script(approve, { token: env.SFS, spender: env.router, amount }),
          script(swapExactTokens, { amountIn: amount, path: [env.SFS, env.WBNB], slippage: p.slippage, forBnb: true }),
          script(sendBnb, { to: p.to, amount: read(grossQuote, { token: env.SFS, amount }) }),
          submit(),
        ],
      };
    },
  },
  {
    kind: 'wrong_amount',
    name: 'sells correctly, then forwards the BNB quoted before the tax',
    episode: (p, env) => {
      const amount = parseEther(p.amount);
      return {
        plan: 'approve, supporting sale, send the untaxed quote',
        rounds: [
          script(approve, { token: env.SFS, spender: env.router, amount }),
          script(sellSupporting, { token: env.SFS, amount, keep: 90 }),
          script(sendBnb, { to: p.to, amount: read(grossQuote, { token: env.SFS, amount }) }),
          submit(),
        ],
      };
    },
  },
];
