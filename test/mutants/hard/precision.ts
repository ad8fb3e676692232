import { parseEther, parseUnits } from 'viem';
import { approve, script, submit, type SkillContext, type Tx } from '../../../src/composite/reference.ts';
import type { EnvMap } from '../../../src/tasks/instantiate.ts';
import { returns } from '../types.ts';
import type { HardMutantTable } from './types.ts';

const VENUS_IMPORTS = "import { createPublicClient, encodeFunctionData, http, parseAbi, zeroAddress } from 'viem';";
const VENUS_READS = `const client = createPublicClient({ transport: http(providerUrl) });
const d = deployedContracts;
const one = 10n ** 18n;
const c = parseAbi(['function getHypotheticalAccountLiquidity(address, address, uint256, uint256) view returns (uint256, uint256, uint256)', 'function markets(address) view returns (bool, uint256, bool, uint256, uint256, uint96, bool)']);
const vt = parseAbi(['function borrow(uint256) returns (uint256)', 'function getAccountSnapshot(address) view returns (uint256, uint256, uint256, uint256)']);
const o = parseAbi(['function getUnderlyingPrice(address) view returns (uint256)']);
const price = (v) => client.readContract({ address: d.venus_oracle, abi: o, functionName: 'getUnderlyingPrice', args: [v] });
const snap = (v) => client.readContract({ address: v, abi: vt, functionName: 'getAccountSnapshot', args: [agentAddress] });
const [, bnbV, , bnbRate] = await snap(d.vBNB);
const collateral = bnbV * bnbRate / one * (await price(d.vBNB)) / one;
const [, , cakeDebt] = await snap(d.vCAKE);
const debt = cakeDebt * (await price(d.vCAKE)) / one;`;
const borrowWhole = (usdExpr: string) =>
  `const whole = (${usdExpr}) / one;\nreturn { to: d.vUSDT, data: encodeFunctionData({ abi: vt, functionName: 'borrow', args: [whole * one] }) };`;

export const mutants: HardMutantTable = {
  hard_precision_borrow_to_ratio: [
    {
      kind: 'wrong_amount',
      name: "borrows the whole borrow limit (the protocol's 125 %, not the owner's ratio)",
      script: () =>
        returns(
          `${VENUS_READS}\nconst [, liq] = await client.readContract({ address: d.venus_comptroller, abi: c, functionName: 'getHypotheticalAccountLiquidity', args: [agentAddress, zeroAddress, 0n, 0n] });\n${borrowWhole('liq')}`,
          VENUS_IMPORTS,
        ),
    },
    {
      kind: 'wrong_amount',
      mechanism: {
        fails: [
          'the collateral ratio after the borrow is at least the stated one',
          'the loan is the largest whole-USDT amount that keeps the ratio',
        ],
      },
      name: 'forgets the CAKE debt the account already has',
      script: ({ params }) => returns(`${VENUS_READS}\n${borrowWhole(`collateral * 100n / ${params.ratio}n`)}`, VENUS_IMPORTS),
    },
    {
      kind: 'wrong_amount',
      name: 'weighs the collateral by its collateral factor before applying the ratio',
      script: ({ params }) =>
        returns(
          `${VENUS_READS}\nconst [, cf] = await client.readContract({ address: d.venus_comptroller, abi: c, functionName: 'markets', args: [d.vBNB] });\n${borrowWhole(`collateral * cf / one * 100n / ${params.ratio}n - debt`)}`,
          VENUS_IMPORTS,
        ),
    },
  ],
};

const V3_IMPORTS = "import { createPublicClient, encodeFunctionData, encodePacked, http, parseAbi, parseUnits, maxUint256 } from 'viem';";
/** An exactOutput of WBTC paid in USDT: `path` and `cap` are expressions over d (the address map), amountOut and quote. */
const exactOutput = (p: Record<string, any>, pathExpr: string, capExpr: string, quoted = true) =>
  returns(
    `const client = createPublicClient({ transport: http(providerUrl) });
const d = deployedContracts;
const amountOut = parseUnits(${JSON.stringify(p.amount)}, 8);
const path = ${pathExpr};
const q = parseAbi(['function quoteExactOutput(bytes, uint256) returns (uint256, uint160[], uint32[], uint256)']);
const quote = ${quoted ? "(await client.simulateContract({ address: d.v3_quoter, abi: q, functionName: 'quoteExactOutput', args: [path, amountOut], account: agentAddress })).result[0]" : '0n'};
const r = parseAbi(['struct P { bytes path; address recipient; uint256 deadline; uint256 amountOut; uint256 amountInMaximum; }', 'function exactOutput(P) payable returns (uint256)']);
const { timestamp } = await client.getBlock();
return { to: d.v3_swap_router, data: encodeFunctionData({ abi: r, functionName: 'exactOutput', args: [{ path, recipient: agentAddress, deadline: timestamp + 600n, amountOut, amountInMaximum: ${capExpr} }] }) };`,
    V3_IMPORTS,
  );
const pathOf = (a: string, f1: number, b: string, f2: number, c: string) =>
  `encodePacked(['address', 'uint24', 'address', 'uint24', 'address'], [d.${a}, ${f1}, d.${b}, ${f2}, d.${c}])`;

mutants.hard_precision_exact_output_multihop = [
  {
    kind: 'wrong_fee_tier',
    mechanism: {
      fails: ['paid the price of the route through the deepest pools', 'the USDT cap is the quote plus the stated margin, no more'],
    },
    name: 'routes through the 0.25 % tiers (not the deepest) with a quote of its own',
    script: ({ params }) => exactOutput(params, pathOf('WBTC', 2500, 'WBNB', 2500, 'USDT'), `quote * ${100 + params.slip}n / 100n`),
  },
  {
    kind: 'wrong_fee_tier',
    name: "Uniswap's 3000 tier on both hops, capped by the balance",
    script: ({ params }) => exactOutput(params, pathOf('WBTC', 3000, 'WBNB', 3000, 'USDT'), 'parseUnits("1000", 18)', false),
  },
  {
    kind: 'wrong_function',
    name: 'writes the exact-output path in the input-to-output order',
    script: ({ params }) => exactOutput(params, pathOf('USDT', 500, 'WBNB', 500, 'WBTC'), 'parseUnits("1000", 18)', false),
  },
  {
    kind: 'zero_minimum',
    name: 'right route, no cap on the USDT spent',
    script: ({ params }) => exactOutput(params, pathOf('WBTC', 500, 'WBNB', 500, 'USDT'), 'maxUint256'),
  },
];

/** NonfungiblePositionManager.mint of USDT/WBTC 0.05 % with the given ticks and desired amounts, and the given minimums (none by default). */
async function mintTicks(
  { viem: { createPublicClient, encodeFunctionData, http, parseAbi }, providerUrl, agentAddress, deployedContracts: d }: SkillContext,
  a: { tickLower: number; tickUpper: number; amount0: bigint; amount1: bigint; amount0Min?: bigint; amount1Min?: bigint },
): Promise<Tx> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const { timestamp } = await client.getBlock();
  const abi = parseAbi([
    'struct MintParams { address token0; address token1; uint24 fee; int24 tickLower; int24 tickUpper; uint256 amount0Desired; uint256 amount1Desired; uint256 amount0Min; uint256 amount1Min; address recipient; uint256 deadline; }',
    'function mint(MintParams params) payable returns (uint256, uint128, uint256, uint256)',
  ]);
  const args = {
    token0: d.USDT!,
    token1: d.WBTC!,
    fee: 500,
    tickLower: a.tickLower,
    tickUpper: a.tickUpper,
    amount0Desired: a.amount0,
    amount1Desired: a.amount1,
    amount0Min: a.amount0Min ?? 0n,
    amount1Min: a.amount1Min ?? 0n,
    recipient: agentAddress,
    deadline: timestamp + 1200n,
  };
  return { to: d.v3_position_manager!, data: encodeFunctionData({ abi, functionName: 'mint', args: [args] }) };
}

/**
 * Approve both tokens for the amounts, then mint over [lo, hi]: 0.01 WBTC and no minimums, or (`exact`)
 * the amounts a range above the pool's price takes (the USDT alone) with minimums 1 % below.
 */
function rangeEpisode(p: Record<string, any>, env: EnvMap, lo: number, hi: number, exact = false) {
  const amount0 = parseEther(p.usdt);
  const amount1 = exact ? 0n : parseUnits('0.01', 8);
  const minimums = exact ? { amount0Min: (amount0 * 99n) / 100n, amount1Min: 0n } : {};
  return {
    plan: 'approve USDT, approve WBTC, mint',
    rounds: [
      script(approve, { token: env.USDT!, spender: env.v3_position_manager!, amount: amount0 }),
      script(approve, { token: env.WBTC!, spender: env.v3_position_manager!, amount: amount1 }),
      script(mintTicks, { tickLower: lo, tickUpper: hi, amount0, amount1, ...minimums }),
      submit(),
    ],
  };
}
const LOG = Math.log(1.0001);
const floorTo = (t: number) => Math.floor(t / 10) * 10;
const ceilTo = (t: number) => Math.ceil(t / 10) * 10;

mutants.hard_precision_v3_range_position = [
  {
    kind: 'wrong_decimals',
    mechanism: {
      fails: [
        "a new position in the USDT/WBTC 0.05 % pool with the range's ticks",
        'deposited the USDT asked for and the WBTC the range needs',
      ],
    },
    name: 'ticks straight from the USD prices (no inversion to WBTC per USDT, no decimals): a range above the price, so it deposits the USDT alone, approvals and minimums exact',
    episode: (p, env) => rangeEpisode(p, env, floorTo(Math.floor(Math.log(p.low) / LOG)), ceilTo(Math.ceil(Math.log(p.high) / LOG)), true),
  },
  {
    kind: 'wrong_decimals',
    name: 'inverts the price but ignores the 18 / 8 decimals',
    episode: (p, env) =>
      rangeEpisode(p, env, floorTo(Math.floor(Math.log(1 / p.high) / LOG)), ceilTo(Math.ceil(Math.log(1 / p.low) / LOG))),
  },
  {
    kind: 'wrong_amount',
    name: 'rounds both ends inward (a narrower range than asked)',
    episode: (p, env) =>
      rangeEpisode(p, env, ceilTo(Math.ceil(Math.log(1e-10 / p.high) / LOG)), floorTo(Math.floor(Math.log(1e-10 / p.low) / LOG))),
  },
];

const STAKE_IMPORTS = "import { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi } from 'viem';";
const STAKE_READS = `const client = createPublicClient({ transport: http(providerUrl) });
const d = deployedContracts;
const cent = 10n ** 16n;
const staked = await client.readContract({ address: d.simple_staking, abi: parseAbi(['function stakedOf(address) view returns (uint256)']), functionName: 'stakedOf', args: [agentAddress] });
const [r0, r1] = await client.readContract({ address: d.pair_CAKE_USDT, abi: parseAbi(['function getReserves() view returns (uint112, uint112, uint32)']), functionName: 'getReserves' });`;
const payUsdt = (to: string, valueExpr: string) =>
  `return { to: d.USDT, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [${JSON.stringify(to)}, (${valueExpr}) / cent * cent] }) };`;

mutants.hard_precision_stake_value_payment = [
  {
    kind: 'wrong_amount',
    mechanism: { fails: ["the recipient received the stake's value at the pair's price, in whole cents", 'the wallet paid exactly that'] },
    name: 'takes the reserves as (USDT, CAKE) without reading token0',
    script: ({ params }) => returns(`${STAKE_READS}\n${payUsdt(params.to, 'staked * r0 / r1')}`, STAKE_IMPORTS),
  },
  {
    kind: 'wrong_amount',
    name: "values the stake at the router's sell quote (fee and price impact), not the reserve price",
    script: ({ params }) =>
      returns(
        `${STAKE_READS}\nconst [, out] = await client.readContract({ address: d.router, abi: parseAbi(['function getAmountsOut(uint256, address[]) view returns (uint256[])']), functionName: 'getAmountsOut', args: [staked, [d.CAKE, d.USDT]] });\n${payUsdt(params.to, 'out')}`,
        STAKE_IMPORTS,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'values the CAKE in the wallet instead of the stake',
    script: ({ params }) =>
      returns(
        `${STAKE_READS}\nconst held = await client.readContract({ address: d.CAKE, abi: erc20Abi, functionName: 'balanceOf', args: [agentAddress] });\n${payUsdt(params.to, 'held * r1 / r0')}`,
        STAKE_IMPORTS,
      ),
  },
];

const REBAL_IMPORTS = "import { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi } from 'viem';";
const REBAL_READS = `const client = createPublicClient({ transport: http(providerUrl) });
const d = deployedContracts;
const cake = await client.readContract({ address: d.CAKE, abi: erc20Abi, functionName: 'balanceOf', args: [agentAddress] });
const usdt = await client.readContract({ address: d.USDT, abi: erc20Abi, functionName: 'balanceOf', args: [agentAddress] });
const r = parseAbi(['function swapExactTokensForTokens(uint256, uint256, address[], address, uint256) returns (uint256[])', 'function getAmountsOut(uint256, address[]) view returns (uint256[])']);
const { timestamp } = await client.getBlock();
async function swap(amountIn, path) {
  const [, q] = await client.readContract({ address: d.router, abi: r, functionName: 'getAmountsOut', args: [amountIn, path] });
  return { to: d.router, data: encodeFunctionData({ abi: r, functionName: 'swapExactTokensForTokens', args: [amountIn, q * 99n / 100n, path, agentAddress, timestamp + 600n] }) };
}`;

mutants.hard_precision_rebalance_one_swap = [
  {
    kind: 'wrong_amount',
    mechanism: { fails: ['CAKE is the target share of the value, within half a percentage point'] },
    name: 'splits by token counts, as if CAKE were worth a dollar',
    script: ({ params }) =>
      returns(
        `${REBAL_READS}\nconst want = (cake + usdt) * ${params.pct}n / 100n;\nreturn want < cake ? swap(cake - want, [d.CAKE, d.USDT]) : swap(want - cake, [d.USDT, d.CAKE]);`,
        REBAL_IMPORTS,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'sells the target share of the CAKE itself',
    script: ({ params }) => returns(`${REBAL_READS}\nreturn swap(cake * ${params.pct}n / 100n, [d.CAKE, d.USDT]);`, REBAL_IMPORTS),
  },
];

// hard_precision_v3_rerange: closing the position without its fees, or re-opening without the rebalance,
// every later round carried on as the reference would.
import type { Address } from 'viem';
import {
  approveSwapPlan,
  balanceChanges,
  mintV3Position,
  read,
  swapPlannedV3,
  v3DecreaseAll,
  v3PositionIn,
  v3PriceBeforeOwnSwap,
  v3RebalanceSwap,
} from '../../../src/composite/reference.ts';
import { burnPosition, centredRange, collectAll } from '../../../tasks/hard/precision/hard_precision_v3_rerange.reference.ts';

/** collect of exactly what the position's latest decrease returned (its DecreaseLiquidity event): the fees stay owed. */
async function collectDecreased(
  {
    viem: { createPublicClient, encodeFunctionData, http, parseAbi, parseAbiItem },
    providerUrl,
    agentAddress,
    deployedContracts,
  }: SkillContext,
  a: { tokenId: bigint },
): Promise<Tx> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const manager = deployedContracts.v3_position_manager!;
  const head = await client.getBlockNumber();
  const logs = await client.getLogs({
    address: manager,
    event: parseAbiItem('event DecreaseLiquidity(uint256 indexed tokenId, uint128 liquidity, uint256 amount0, uint256 amount1)'),
    args: { tokenId: a.tokenId },
    fromBlock: head - 20n,
    toBlock: head,
  });
  const last = logs[logs.length - 1]!.args;
  const abi = parseAbi([
    'function collect((uint256 tokenId, address recipient, uint128 amount0Max, uint128 amount1Max)) payable returns (uint256, uint256)',
  ]);
  const args = { tokenId: a.tokenId, recipient: agentAddress, amount0Max: last.amount0!, amount1Max: last.amount1! };
  return { to: manager, data: encodeFunctionData({ abi, functionName: 'collect', args: [args] }) };
}

/** The reference's rounds with `collect` in place of collecting everything, or without the rebalancing swap. */
function rerange(params: Record<string, any>, env: EnvMap, o: { collect?: typeof collectDecreased; swap?: boolean }) {
  const pool = { token0: env.WBNB! as Address, token1: env.BUSD! as Address, fee: 500 };
  const tokenId = read(v3PositionIn, pool);
  const range = read(centredRange, { fee: 500, half: params.half, price: read(v3PriceBeforeOwnSwap, pool) });
  const change = (f: readonly string[], i: number, holding: string) => balanceChanges(f)[i]?.get(holding) ?? 0n;
  const plan = (f: readonly string[]) =>
    read(v3RebalanceSwap, { ...pool, range, amount0: change(f, 1, 'WBNB'), amount1: change(f, 1, 'BUSD') });
  const swapped = o.swap ?? true;
  const held = (f: readonly string[], token: string) => change(f, 1, token) + (swapped ? change(f, 4, token) : 0n);
  return {
    plan: 'decrease, collect, burn, (rebalance), approve, approve, mint',
    rounds: [
      script(v3DecreaseAll, { tokenId, slippage: params.slippage }),
      script(o.collect ?? collectAll, { tokenId }),
      script(burnPosition, { tokenId }),
      ...(swapped
        ? [
            (f: readonly string[]) => script(approveSwapPlan, { plan: plan(f), spender: env.v3_swap_router! as Address }),
            (f: readonly string[]) => script(swapPlannedV3, { plan: plan(f), fee: 500, slippage: params.slippage }),
          ]
        : []),
      (f: readonly string[]) => script(approve, { token: env.WBNB!, spender: env.v3_position_manager!, amount: held(f, 'WBNB') }),
      (f: readonly string[]) => script(approve, { token: env.BUSD!, spender: env.v3_position_manager!, amount: held(f, 'BUSD') }),
      (f: readonly string[]) =>
        script(mintV3Position, { ...pool, range, amount0: held(f, 'WBNB'), amount1: held(f, 'BUSD'), slippage: params.slippage }),
      submit(),
    ],
  };
}

mutants.hard_precision_v3_rerange = [
  {
    kind: 'wrong_amount',
    name: 'collects only what the decrease returned: the fees stay owed, the burn reverts, the rest goes on',
    episode: (params, env) => rerange(params, env, { collect: collectDecreased }),
  },
  {
    kind: 'skipped_step',
    mechanism: {
      fails: [
        'a new position in the WBNB/BUSD 0.05 % pool over the current tick (rounded down to the spacing) ± the half-width',
        'the new position holds at least 99 % of what the collect paid, at most 0.5 % is left unused, and nothing else went in',
        "one exact-input swap in the 0.05 % pool, minimum within the slippage limit of the quoter's quote",
        "the mint's minimums are within the slippage limit, and no allowance is left but the position manager's for what the mint did not use",
      ],
    },
    name: 'mints what the collect paid (nearly all BUSD) without the rebalancing swap',
    episode: (params, env) => rerange(params, env, { swap: false }),
  },
];

// ---------------------------------------------------------------------------------------------------
// Exact amounts through tokens taxed only on inclusion (GasPriceTradeTaxToken): the careful answer that
// simulates without the platform's fees sees no tax and sizes the trade for an untaxed token.

const TAXED_VIEM = "import { createPublicClient, encodeFunctionData, http, parseAbi, parseUnits } from 'viem';";
const TAXED_TRADE = `const c = createPublicClient({ transport: http(providerUrl) });
const router = parseAbi([
  'function getAmountsIn(uint256, address[]) view returns (uint256[])',
  'function swapETHForExactTokens(uint256, address[], address, uint256) payable returns (uint256[])',
  'function swapExactETHForTokens(uint256, address[], address, uint256) payable returns (uint256[])',
  'function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256, address[], address, uint256) payable',
  'function swapTokensForExactTokens(uint256, uint256, address[], address, uint256) returns (uint256[])',
  'function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256, uint256, address[], address, uint256)',
]);
const { timestamp } = await c.getBlock();
const deadline = timestamp + 1200n;`;
