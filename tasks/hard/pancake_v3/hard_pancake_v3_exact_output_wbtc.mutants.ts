import type { HardMutant } from '../../../src/tasks/mutants.ts';
import { edit } from './_mutant-helpers.ts';

const WBTC_OUT = 'hard_pancake_v3_exact_output_wbtc';

export const mutants: HardMutant[] = [
  {
    kind: 'wrong_decimals',
    mechanism: {
      fails: [
        'one exactOutputSingle of exactly the WBTC from USDT in the 0.05 % pool, to the wallet',
        "amountInMaximum is the quoter's amountIn plus at most the requested slippage",
        'the wallet received exactly the requested WBTC',
        "the wallet paid the quoter's USDT for it",
      ],
    },
    name: 'WBTC in 18 decimals',
    script: edit(WBTC_OUT, ['const amountOut = parseUnits(PARAMS.amount, decimals);', 'const amountOut = parseUnits(PARAMS.amount, 18);']),
  },
  { kind: 'wrong_fee_tier', name: "Uniswap's 3000 tier", script: edit(WBTC_OUT, ['const FEE = 500;', 'const FEE = 3000;']) },
  {
    kind: 'wrong_function',
    name: 'exactInputSingle of the USD value at 95,000 a WBTC',
    script: edit(WBTC_OUT, [
      "const data = encodeFunctionData({ abi: ROUTER, functionName: 'exactOutputSingle', args: [{ ...pool, recipient: agent, deadline, amountOut, amountInMaximum, sqrtPriceLimitX96: 0n }] });",
      "const amountIn = parseUnits(String(Number(PARAMS.amount) * 95000), 18);\n  const data = encodeFunctionData({ abi: parseAbi(['function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96) params) payable returns (uint256 amountOut)']), functionName: 'exactInputSingle', args: [{ ...pool, recipient: agent, deadline, amountIn, amountOutMinimum: (amountOut * 97n) / 100n, sqrtPriceLimitX96: 0n }] });",
    ]),
  },
];
