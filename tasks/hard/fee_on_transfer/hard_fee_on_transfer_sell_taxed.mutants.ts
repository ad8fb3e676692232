import { json, returns, type HardMutant } from '../../../src/tasks/mutants.ts';
import { VIEM } from './_mutant-helpers.ts';

/** A V2 sale of `amount` of `token` for BNB with the given function and a minimum computed by `min` (from `quote`, the untaxed quote). */
const sell = (token: string, amount: string, fn: string, min: string) => `const c = createPublicClient({ transport: http(providerUrl) });
const router = parseAbi(['function getAmountsOut(uint256, address[]) view returns (uint256[])', 'function ${fn}(uint256, uint256, address[], address, uint256)']);
const path = [${json(token)}, deployedContracts.WBNB];
const amount = parseUnits(${json(amount)}, 18);
const out = await c.readContract({ address: deployedContracts.router, abi: router, functionName: 'getAmountsOut', args: [amount, path] });
const quote = out[1];
const { timestamp } = await c.getBlock();
return { to: deployedContracts.router, data: encodeFunctionData({ abi: router, functionName: '${fn}', args: [amount, ${min}, path, agentAddress, timestamp + 1200n] }) };`;

export const mutants: HardMutant[] = [
  {
    kind: 'standard_swap_on_taxed_token',
    mechanism: {
      fails: [
        'calls swapExactTokensForETHSupportingFeeOnTransferTokens',
        'sold exactly the requested amount',
        'the wallet received the BNB the taxed sale pays',
        'the minimum is within the slippage of the after-tax quote',
      ],
    },
    name: 'sells with swapExactTokensForETH at the quote less the slippage',
    script: ({ params }) =>
      returns(sell(params.sale.address, params.sale.amount, 'swapExactTokensForETH', `quote * ${100 - params.slippage}n / 100n`), VIEM),
  },
  {
    kind: 'standard_swap_on_taxed_token',
    name: 'uses the supporting function but sets the minimum from the untaxed quote',
    script: ({ params }) =>
      returns(
        sell(
          params.sale.address,
          params.sale.amount,
          'swapExactTokensForETHSupportingFeeOnTransferTokens',
          `quote * ${100 - params.slippage}n / 100n`,
        ),
        VIEM,
      ),
  },
  {
    kind: 'zero_minimum',
    name: 'uses the supporting function with no minimum',
    script: ({ params }) =>
      returns(sell(params.sale.address, params.sale.amount, 'swapExactTokensForETHSupportingFeeOnTransferTokens', '0n'), VIEM),
  },
];
