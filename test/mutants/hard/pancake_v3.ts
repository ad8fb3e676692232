import { parseUnits, type Address } from 'viem';
import { approve, script, submit, type SkillContext, type Tx } from '../../../src/composite/reference.ts';
import type { HardMutantTable } from './types.ts';
import { editedReference, type Edit } from './reference-edit.ts';

const family = 'pancake_v3';
const edit = (id: string, ...edits: Edit[]) => editedReference(family, id, edits);

const DEEPEST = 'hard_pancake_v3_deepest_pool_swap';
const DEEPEST_FEE = 'const fee = await deepestTier(client, deployedContracts.v3_factory!, deployedContracts.WBNB!, PARAMS.token.address);';

export const mutants: HardMutantTable = {
  [DEEPEST]: [
    { kind: 'wrong_fee_tier', name: "Uniswap's 3000 tier", script: edit(DEEPEST, [DEEPEST_FEE, 'const fee = 3000;']) },
    {
      kind: 'wrong_fee_tier',
      mechanism: {
        fails: [
          'one exactInputSingle of the BNB (as WBNB) for the token in the deepest tier, to the wallet',
          "received exactly the quoter's amount for the deepest pool",
          'amountOutMinimum is the quote less the requested slippage',
        ],
      },
      name: 'the 1 % tier (thin, or no pool at all for BUSD)',
      script: edit(DEEPEST, [DEEPEST_FEE, 'const fee = 10000;']),
    },
  ],
};

const COLLECT = 'hard_pancake_v3_collect_fees';

mutants[COLLECT] = [
  {
    kind: 'wrong_amount',
    name: "caps collect at positions()'s tokensOwed (stale until the position is poked)",
    script: edit(
      COLLECT,
      [
        'const [, , token0, token1, fee, tickLower, tickUpper, liquidity] =',
        'const [, , token0, token1, fee, tickLower, tickUpper, liquidity, , , owed0, owed1] =',
      ],
      [
        'if (liquidity > 0n && tickLower <= tick && tick < tickUpper) inRange.push(id);',
        'if (liquidity > 0n && tickLower <= tick && tick < tickUpper) { inRange.push(id); owed.push([owed0, owed1]); }',
      ],
      ['const inRange: bigint[] = [];', 'const inRange: bigint[] = [];\n  const owed: [bigint, bigint][] = [];'],
      [
        'const amounts = { amount0Max: UINT128_MAX, amount1Max: UINT128_MAX };',
        'const amounts = { amount0Max: owed[0]![0], amount1Max: owed[0]![1] };',
      ],
    ),
  },
  {
    kind: 'skipped_step',
    name: 'collects the last position listed, without checking its range',
    script: edit(COLLECT, [
      'if (inRange.length !== 1) throw',
      "inRange.splice(0, inRange.length, await client.readContract({ address: manager, abi: MANAGER, functionName: 'tokenOfOwnerByIndex', args: [agent, count - 1n] }));\n  if (inRange.length !== 1) throw",
    ]),
  },
  {
    kind: 'wrong_recipient',
    mechanism: {
      fails: ["the wallet received all of the position's fees in token0", "the wallet received all of the position's fees in token1"],
    },
    name: 'recipient left as the zero address',
    script: edit(COLLECT, [
      'args: [{ tokenId, recipient: agent, ...amounts }]',
      "args: [{ tokenId, recipient: '0x0000000000000000000000000000000000000000', ...amounts }]",
    ]),
  },
];

const WBTC_OUT = 'hard_pancake_v3_exact_output_wbtc';

mutants[WBTC_OUT] = [
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

const MULTIHOP = 'hard_pancake_v3_multihop_exact_input';
const MULTIHOP_PATH =
  "const path = encodePacked(['address', 'uint24', 'address', 'uint24', 'address'], [deployedContracts.CAKE!, FIRST_HOP_FEE, deployedContracts.WBNB!, PARAMS.out.fee, PARAMS.out.address]);";

mutants[MULTIHOP] = [
  {
    kind: 'wrong_fee_tier',
    name: "Uniswap's 3000 tier on both hops",
    script: edit(MULTIHOP, [MULTIHOP_PATH, MULTIHOP_PATH.replace('FIRST_HOP_FEE', '3000').replace('PARAMS.out.fee', '3000')]),
  },
  {
    kind: 'wrong_fee_tier',
    mechanism: {
      fails: [
        'one exactInput along CAKE -(0.25 %)- WBNB -(the named tier)- token, of exactly the CAKE, to the wallet',
        "received exactly the quoter's amount for the named path",
      ],
    },
    name: 'the 0.05 % tier on both hops',
    script: edit(MULTIHOP, [MULTIHOP_PATH, MULTIHOP_PATH.replace('FIRST_HOP_FEE', '500').replace('PARAMS.out.fee', '500')]),
  },
  {
    kind: 'wrong_function',
    name: 'the path written in exactOutput order (tokenOut first)',
    script: edit(MULTIHOP, [
      MULTIHOP_PATH,
      "const path = encodePacked(['address', 'uint24', 'address', 'uint24', 'address'], [PARAMS.out.address, PARAMS.out.fee, deployedContracts.WBNB!, FIRST_HOP_FEE, deployedContracts.CAKE!]);",
    ]),
  },
];

/**
 * A V3 sale for BNB the way habits write it: a fixed `fee`, the swap paid to the wallet (`toWallet`)
 * and an unwrapWETH9 or not; minimum at the quoter's quote for that tier less `slippage` %.
 */
async function habitualV3Sale(
  { viem: { createPublicClient, encodeFunctionData, http, parseAbi }, providerUrl, agentAddress, deployedContracts }: SkillContext,
  a: { token: Address; amountIn: bigint; slippage: number; fee: number; toWallet: boolean; unwrap: boolean },
): Promise<Tx> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const quoter = parseAbi([
    'function quoteExactInputSingle((address tokenIn, address tokenOut, uint256 amountIn, uint24 fee, uint160 sqrtPriceLimitX96)) returns (uint256, uint160, uint32, uint256)',
  ]);
  const router = parseAbi([
    'function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96)) payable returns (uint256)',
    'function unwrapWETH9(uint256 amountMinimum, address recipient) payable',
    'function multicall(bytes[] data) payable returns (bytes[])',
  ]);
  const single = { tokenIn: a.token, tokenOut: deployedContracts.WBNB, fee: a.fee };
  let minimum = 0n;
  try {
    const { result } = await client.simulateContract({
      address: deployedContracts.v3_quoter!,
      abi: quoter,
      functionName: 'quoteExactInputSingle',
      args: [{ ...single, amountIn: a.amountIn, sqrtPriceLimitX96: 0n }],
    });
    minimum = (result[0] * BigInt(100 - a.slippage)) / 100n;
  } catch {
    // No quote for that tier: the habit sends the swap anyway.
  }
  const routerAddress = deployedContracts.v3_swap_router!;
  const deadline = (await client.getBlock()).timestamp + 1200n;
  const swap = encodeFunctionData({
    abi: router,
    functionName: 'exactInputSingle',
    args: [
      {
        ...single,
        recipient: a.toWallet ? agentAddress : routerAddress,
        deadline,
        amountIn: a.amountIn,
        amountOutMinimum: minimum,
        sqrtPriceLimitX96: 0n,
      },
    ],
  });
  if (!a.unwrap) return { to: routerAddress, data: swap };
  const unwrap = encodeFunctionData({ abi: router, functionName: 'unwrapWETH9', args: [minimum, agentAddress] });
  return { to: routerAddress, data: encodeFunctionData({ abi: router, functionName: 'multicall', args: [[swap, unwrap]] }) };
}

const sellWithHabit =
  (habit: (p: Record<string, any>) => { fee: number; toWallet: boolean; unwrap: boolean }) =>
  (p: Record<string, any>, env: Record<string, any>) => {
    const amountIn = parseUnits(p.sale.amount, p.sale.decimals);
    return {
      plan: 'approve, then sell for BNB',
      rounds: [
        script(approve, { token: p.sale.address, spender: env.v3_swap_router, amount: amountIn }),
        script(habitualV3Sale, { token: p.sale.address, amountIn, slippage: p.slippage, ...habit(p) }),
        submit(),
      ],
    };
  };

mutants.hard_pancake_v3_approve_sell_for_bnb = [
  { kind: 'wrong_fee_tier', name: "Uniswap's 3000 tier", episode: sellWithHabit(() => ({ fee: 3000, toWallet: false, unwrap: true })) },
  {
    kind: 'wrong_function',
    mechanism: { fails: ["the wallet received the deepest pool's quote in native BNB", 'no WBNB was left in the wallet instead of BNB'] },
    name: 'swaps to the wallet and stops there: WBNB, not BNB',
    episode: sellWithHabit((p) => ({ fee: p.sale.symbol === 'FLOKI' ? 10000 : 2500, toWallet: true, unwrap: false })),
  },
  {
    kind: 'wrong_recipient',
    name: 'pays the swap to the wallet, then unwraps from an empty router',
    episode: sellWithHabit((p) => ({ fee: p.sale.symbol === 'FLOKI' ? 10000 : 2500, toWallet: true, unwrap: true })),
  },
];

// --- hard_pancake_v3_taxed_token_best_route: a sell tax that only transactions paying for gas are charged. ---

const TAXED = 'hard_pancake_v3_taxed_token_best_route';
const REAL_FEES = 'const fees = { maxFeePerGas: (block.baseFeePerGas ?? 0n) * 2n + priority, maxPriorityFeePerGas: priority };';
const FEELESS: Edit = [REAL_FEES, 'const fees = {};'];
const V2_SALE = 'return { to: router, data: sale(floor(lo)) };';

mutants[TAXED] = [
  {
    kind: 'trusted_simulation',
    mechanism: {
      fails: [
        'the sale through the PancakeSwap V2 router went through',
        'calls swapExactTokensForETHSupportingFeeOnTransferTokens or swapExactTokensForTokensSupportingFeeOnTransferTokens',
        'sold exactly the requested TSRA',
        'the wallet received what the sale really pays, as BNB or WBNB',
        'the minimum is at most the requested slippage under what the sale really pays',
      ],
    },
    name: 'simulates both routes without a fee (eth_call at gas price 0): V3 quotes more and its sale passes, so it sells on V3',
    script: edit(TAXED, FEELESS),
  },
  {
    kind: 'trusted_simulation',
    name: 'sells on V2 with the fee-on-transfer function, its minimum from a fee-less simulation (the untaxed quote)',
    script: edit(TAXED, FEELESS, ['if (v3.out > lo)', 'if (v3.out > lo && v3.out < 0n)']),
  },
  {
    kind: 'wrong_amount',
    name: "sees V3 revert when simulated with fees, then takes the V2 router's quote as the sale's output for its minimum",
    script: edit(TAXED, [V2_SALE, 'return { to: router, data: sale(floor(quote)) };']),
  },
  {
    kind: 'standard_swap_on_taxed_token',
    name: 'sees V3 revert, then sells with the standard swapExactTokensForETH (the pair receives less than the router computed)',
    script: edit(
      TAXED,
      [
        "'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',",
        "'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',\n  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',",
      ],
      [
        V2_SALE,
        "return { to: router, data: encodeFunctionData({ abi: V2, functionName: 'swapExactTokensForETH', args: [amountIn, floor(lo), path, agent, deadline] }) };",
      ],
    ),
  },
  {
    kind: 'zero_minimum',
    name: 'finds the right route and sells on V2 with no minimum',
    script: edit(TAXED, [V2_SALE, 'return { to: router, data: sale(0n) };']),
  },
];
