// Wrong answers for the pending_change tasks: the careless habit of reading a parameter's value at the latest
// block (a view, or an eth_call there) although the chain shows a change that is in force when the
// transaction is mined (a token's scheduled tax, an oracle's posted price), and other mistakes.
import { json, returns, VIEM_WITH_ETHER, TAX_ABI, type HardMutant } from '../../../src/tasks/mutants.ts';

/** A V2 buy of `out` (an expression) with exactly `amount` BNB, the minimum the quote × `keep` (an expression of a fraction). */
function ethBuy(amount: string, out: string, keep: string, fn: string): string {
  return `const router = parseAbi(['function getAmountsOut(uint256, address[]) view returns (uint256[])', 'function ${fn}(uint256, address[], address, uint256) payable']);
const amountIn = parseEther(${json(amount)});
const path = [deployedContracts.WBNB, ${out}];
const q = await c.readContract({ address: deployedContracts.router, abi: router, functionName: 'getAmountsOut', args: [amountIn, path] });
const min = q[1] * ${keep};
const { timestamp } = await c.getBlock();
return { to: deployedContracts.router, data: encodeFunctionData({ abi: router, functionName: '${fn}', args: [min, path, agentAddress, timestamp + 1200n] }), value: amountIn };`;
}

export const mutants: HardMutant[] = [
  {
    kind: 'skipped_step',
    name: 'reads sellTaxBps() at the latest block (the launch rate, under the limit) and buys the token',
    script: ({ params }) =>
      returns(
        `${TAX_ABI}
const sell = await c.readContract({ address: ${json(params.token)}, abi: TAX, functionName: 'sellTaxBps' });
const buy = await c.readContract({ address: ${json(params.token)}, abi: TAX, functionName: 'buyTaxBps' });
${ethBuy(params.amount, `sell <= ${params.max_tax * 100} ? ${json(params.token)} : deployedContracts.CAKE`, `(10_000n - BigInt(buy)) * BigInt(${100 - params.slippage}) / 1_000_000n`, 'swapExactETHForTokensSupportingFeeOnTransferTokens')}`,
        VIEM_WITH_ETHER,
      ),
    mechanism: {
      fails: [
        'the wallet received the quoted amount of CAKE',
        'the swap buys CAKE with amountOutMin at the slippage limit',
        'none of the token whose sale would be taxed beyond the limit was bought',
      ],
    },
  },
  {
    kind: 'standard_swap_on_taxed_token',
    name: 'buys the token without looking at its taxes, with the standard swap at the untaxed quote less the slippage',
    script: ({ params }) =>
      returns(
        `const c = createPublicClient({ transport: http(providerUrl) });
${ethBuy(params.amount, json(params.token), `BigInt(${100 - params.slippage}) / 100n`, 'swapExactETHForTokens')}`,
        VIEM_WITH_ETHER,
      ),
  },
];
