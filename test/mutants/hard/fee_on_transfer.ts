import { json, returns } from '../types.ts';
import type { HardMutantTable } from './types.ts';

const VIEM = "import { createPublicClient, encodeFunctionData, erc20Abi, http, parseUnits, parseAbi } from 'viem';";
const transfer = (token: string, to: string, amount: string) =>
  `return { to: ${token}, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [${json(to)}, ${amount}] }) };`;

/** A V2 sale of `amount` of `token` for BNB with the given function and a minimum computed by `min` (from `quote`, the untaxed quote). */
const sell = (token: string, amount: string, fn: string, min: string) => `const c = createPublicClient({ transport: http(providerUrl) });
const router = parseAbi(['function getAmountsOut(uint256, address[]) view returns (uint256[])', 'function ${fn}(uint256, uint256, address[], address, uint256)']);
const path = [${json(token)}, deployedContracts.WBNB];
const amount = parseUnits(${json(amount)}, 18);
const out = await c.readContract({ address: deployedContracts.router, abi: router, functionName: 'getAmountsOut', args: [amount, path] });
const quote = out[1];
const { timestamp } = await c.getBlock();
return { to: deployedContracts.router, data: encodeFunctionData({ abi: router, functionName: '${fn}', args: [amount, ${min}, path, agentAddress, timestamp + 1200n] }) };`;

export const mutants: HardMutantTable = {
  hard_fee_on_transfer_sell_taxed: [
    {
      kind: 'standard_swap_on_taxed_token',
      name: 'sells with swapExactTokensForETH at the quote less the slippage',
      script: ({ params }) => returns(sell(params.sale.address, params.sale.amount, 'swapExactTokensForETH', `quote * ${100 - params.slippage}n / 100n`), VIEM),
    },
    {
      kind: 'standard_swap_on_taxed_token',
      name: 'uses the supporting function but sets the minimum from the untaxed quote',
      script: ({ params }) => returns(sell(params.sale.address, params.sale.amount, 'swapExactTokensForETHSupportingFeeOnTransferTokens', `quote * ${100 - params.slippage}n / 100n`), VIEM),
    },
    {
      kind: 'zero_minimum',
      name: 'uses the supporting function with no minimum',
      script: ({ params }) => returns(sell(params.sale.address, params.sale.amount, 'swapExactTokensForETHSupportingFeeOnTransferTokens', '0n'), VIEM),
    },
  ],

  hard_fee_on_transfer_deliver_exact: [
    {
      kind: 'wrong_amount',
      name: 'sends the amount the recipient should receive',
      script: ({ params }) => returns(transfer('deployedContracts.YLD', params.to, `parseUnits(${json(params.amount)}, 18)`), VIEM),
    },
    {
      kind: 'wrong_amount',
      name: 'adds the tax on top (X × 1.05) instead of grossing up',
      script: ({ params }) => returns(transfer('deployedContracts.YLD', params.to, `parseUnits(${json(params.amount)}, 18) * 105n / 100n`), VIEM),
    },
  ],

  hard_fee_on_transfer_rebased_share: [
    {
      kind: 'wrong_amount',
      name: 'takes the share of the 1,000 ORB the wallet was funded with',
      script: ({ params }) => returns(transfer('deployedContracts.ORB', params.to, `parseUnits(String(1000 * ${params.pct} / 100), 18)`), VIEM),
    },
    {
      kind: 'wrong_amount',
      name: 'takes the share of the internal shares (sharesOf) instead of the balance',
      script: ({ params }) =>
        returns(
          `const c = createPublicClient({ transport: http(providerUrl) });\nconst shares = await c.readContract({ address: deployedContracts.ORB, abi: parseAbi(['function sharesOf(address) view returns (uint256)']), functionName: 'sharesOf', args: [agentAddress] });\n` +
            transfer('deployedContracts.ORB', params.to, `shares * ${params.pct}n / 100n`),
          VIEM,
        ),
    },
  ],
};
