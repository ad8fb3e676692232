import { maxUint256, parseUnits, type Address } from 'viem';
import {
  approve,
  balanceChanges,
  call,
  read,
  receivedInLatestBlock,
  script,
  submit,
  swapExactBnb,
  swapExactTokens,
  transferToken,
  unwrap,
  type Script,
  type ScriptRound,
  type SkillContext,
} from '../../../src/composite/reference.ts';
import fullUnwind from '../../../tasks/hard/long_horizon/hard_long_horizon_venus_full_unwind.reference.ts';
import type { HardMutantTable } from './types.ts';

/** What the wallet owes as last stored (borrowBalanceStored): the habit of reading a view and missing the interest since. */
async function storedDebt(
  { viem: { createPublicClient, http, parseAbi }, providerUrl, agentAddress }: SkillContext,
  a: { vToken: Address },
): Promise<bigint> {
  const client = createPublicClient({ transport: http(providerUrl) });
  return client.readContract({
    address: a.vToken,
    abi: parseAbi(['function borrowBalanceStored(address) view returns (uint256)']),
    functionName: 'borrowBalanceStored',
    args: [agentAddress],
  });
}

/** redeem(every vToken the wallet holds). */
async function redeemAll(
  { viem: { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi }, providerUrl, agentAddress }: SkillContext,
  a: { vToken: Address },
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const held = await client.readContract({ address: a.vToken, abi: erc20Abi, functionName: 'balanceOf', args: [agentAddress] });
  return { to: a.vToken, data: encodeFunctionData({ abi: parseAbi(['function redeem(uint256)']), functionName: 'redeem', args: [held] }) };
}

/** The BNB the wallet's latest redemption paid, from vBNB's Redeem event. */
async function lastRedeemed(
  { viem: { createPublicClient, http, parseAbiItem, isAddressEqual }, providerUrl, agentAddress }: SkillContext,
  a: { vToken: Address },
): Promise<bigint> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const head = await client.getBlockNumber();
  const event = parseAbiItem('event Redeem(address redeemer, uint256 redeemAmount, uint256 redeemTokens, uint256 totalSupply)');
  const logs = await client.getLogs({ address: a.vToken, event, fromBlock: head - 20n, toBlock: head });
  const mine = logs.filter((l) => isAddressEqual(l.args.redeemer!, agentAddress));
  if (!mine.length) throw new Error('no redemption of the wallet in the last 20 blocks');
  return mine[mine.length - 1]!.args.redeemAmount!;
}

/** The rest of the Venus exit after the repayment, done right. */
const exitAfterRepay = (params: Record<string, any>, env: Record<string, Address>) => [
  script(redeemAll, { vToken: env.vBNB! }),
  script(call, { to: env.venus_comptroller!, signature: 'function exitMarket(address)', args: [env.vBNB!] }),
  script(swapExactBnb, {
    amount: read(lastRedeemed, { vToken: env.vBNB! }),
    path: [env.WBNB!, env.USDT!],
    slippage: params.slippage,
    deadline: 1200,
  }),
  script(transferToken, { token: env.USDT!, to: params.to, amount: read(receivedInLatestBlock, { token: env.USDT! }) }),
  submit(),
];

/**
 * Sells exactly `amount` base units along `path`; `supporting` picks the fee-on-transfer-safe swap, and the minimum is
 * the router's quote for the full amount less `slippage` % (what a wallet that ignores transfer taxes does).
 */
async function sellRaw(
  { viem: { createPublicClient, encodeFunctionData, http, parseAbi }, providerUrl, agentAddress, deployedContracts }: SkillContext,
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
  const min = (quote[quote.length - 1]! * BigInt(100 - a.slippage)) / 100n;
  const { timestamp } = await client.getBlock();
  const functionName = a.supporting ? 'swapExactTokensForTokensSupportingFeeOnTransferTokens' : 'swapExactTokensForTokens';
  return {
    to: deployedContracts.router,
    data: encodeFunctionData({ abi, functionName, args: [a.amount, min, a.path, agentAddress, timestamp + 1200n] }),
  };
}

/** The consolidation with the given base units per token and swap choice, then the USDT the feedback reported sent on. */
function consolidate(
  params: Record<string, any>,
  env: Record<string, Address>,
  units: { yld: number; usdc: number; floki: number },
  supporting: boolean,
) {
  const sales = [
    { token: env.YLD!, amount: parseUnits(params.yld, units.yld), path: [env.YLD!, env.WBNB!, env.USDT!] },
    { token: env.USDCet!, amount: parseUnits(params.usdc, units.usdc), path: [env.USDCet!, env.USDT!] },
    { token: env.FLOKI!, amount: parseUnits(params.floki, units.floki), path: [env.FLOKI!, env.WBNB!, env.USDT!] },
  ];
  return {
    plan: 'approve and sell each token, then send the USDT the sales paid',
    rounds: [
      ...sales.flatMap((s) => [
        script(approve, { token: s.token, spender: env.router!, amount: s.amount }),
        script(sellRaw, { amount: s.amount, path: s.path, slippage: params.slippage, supporting }),
      ]),
      (feedback: readonly string[]) =>
        script(transferToken, {
          token: env.USDT!,
          to: params.to,
          amount: balanceChanges(feedback).reduce((sum, c) => sum + (c.get('USDT') ?? 0n), 0n),
        }),
      submit(),
    ],
  };
}

/** collect(tokenId, wallet, max, max). */
function collectAll({ viem: { encodeFunctionData, parseAbi }, agentAddress, deployedContracts }: SkillContext, a: { tokenId: bigint }) {
  const abi = parseAbi([
    'struct CollectParams { uint256 tokenId; address recipient; uint128 amount0Max; uint128 amount1Max; }',
    'function collect(CollectParams params) payable returns (uint256, uint256)',
  ]);
  const max = 2n ** 128n - 1n;
  return {
    to: deployedContracts.v3_position_manager!,
    data: encodeFunctionData({
      abi,
      functionName: 'collect',
      args: [{ tokenId: a.tokenId, recipient: agentAddress, amount0Max: max, amount1Max: max }],
    }),
  };
}

/** exactInputSingle of `amountIn` at `fee`; the minimum from the quoter less 1 %, or none when the quoter has no such pool. */
async function swapV3At(
  { viem: { createPublicClient, encodeFunctionData, http, parseAbi }, providerUrl, agentAddress, deployedContracts }: SkillContext,
  a: { tokenIn: Address; tokenOut: Address; fee: number; amountIn: bigint },
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi([
    'struct QuoteExactInputSingleParams { address tokenIn; address tokenOut; uint256 amountIn; uint24 fee; uint160 sqrtPriceLimitX96; }',
    'function quoteExactInputSingle(QuoteExactInputSingleParams params) returns (uint256 amountOut, uint160, uint32, uint256)',
    'struct ExactInputSingleParams { address tokenIn; address tokenOut; uint24 fee; address recipient; uint256 deadline; uint256 amountIn; uint256 amountOutMinimum; uint160 sqrtPriceLimitX96; }',
    'function exactInputSingle(ExactInputSingleParams params) payable returns (uint256 amountOut)',
  ]);
  let min = 0n;
  try {
    const { result } = await client.simulateContract({
      address: deployedContracts.v3_quoter!,
      abi,
      functionName: 'quoteExactInputSingle',
      args: [{ tokenIn: a.tokenIn, tokenOut: a.tokenOut, amountIn: a.amountIn, fee: a.fee, sqrtPriceLimitX96: 0n }],
    });
    min = (result[0] * 99n) / 100n;
  } catch {
    // no pool at that tier: the habit goes ahead anyway
  }
  const params = {
    tokenIn: a.tokenIn,
    tokenOut: a.tokenOut,
    fee: a.fee,
    recipient: agentAddress,
    deadline: (await client.getBlock()).timestamp + 1200n,
    amountIn: a.amountIn,
    amountOutMinimum: min,
    sqrtPriceLimitX96: 0n,
  };
  return { to: deployedContracts.v3_swap_router!, data: encodeFunctionData({ abi, functionName: 'exactInputSingle', args: [params] }) };
}

/** burn(tokenId). */
function burnPosition({ viem: { encodeFunctionData, parseAbi }, deployedContracts }: SkillContext, a: { tokenId: bigint }) {
  return {
    to: deployedContracts.v3_position_manager!,
    data: encodeFunctionData({ abi: parseAbi(['function burn(uint256)']), functionName: 'burn', args: [a.tokenId] }),
  };
}

/** supply `amount` BNB to vBNB. */
function supplyBnb({ viem: { encodeFunctionData, parseAbi } }: SkillContext, a: { vBNB: Address; amount: bigint }) {
  return { to: a.vBNB, data: encodeFunctionData({ abi: parseAbi(['function mint() payable']), functionName: 'mint' }), value: a.amount };
}

/** The most whole USDT keeping supplied value / debt value at `ratio` % (Venus oracle, current values). */
async function borrowAtRatio(
  { viem: { createPublicClient, encodeFunctionData, http, parseAbi }, providerUrl, agentAddress, deployedContracts }: SkillContext,
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
  const [vBNB, vUSDT, oracle] = [deployedContracts.vBNB!, deployedContracts.vUSDT!, deployedContracts.venus_oracle!];
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
const loopFromFeedback = (env: Record<string, Address>, slippage: number, borrowRound: ReturnType<typeof script>, borrowIndex: number) => [
  borrowRound,
  (f: readonly string[]) =>
    script(approve, { token: env.USDT!, spender: env.router!, amount: balanceChanges(f)[borrowIndex]!.get('USDT') ?? 0n }),
  (f: readonly string[]) =>
    script(swapExactTokens, {
      amountIn: balanceChanges(f)[borrowIndex]!.get('USDT') ?? 0n,
      path: [env.USDT!, env.WBNB!],
      slippage,
      forBnb: true,
    }),
  (f: readonly string[]) => script(supplyBnb, { vBNB: env.vBNB!, amount: balanceChanges(f).at(-1)!.get('BNB') ?? 0n }),
];

export const mutants: HardMutantTable = {
  hard_long_horizon_venus_exit: [
    {
      kind: 'wrong_amount',
      mechanism: {
        fails: [
          'nothing is owed to vUSDT',
          'every vBNB was redeemed',
          'the wallet left the vBNB market',
          'the sale spent exactly the BNB the redemption paid',
        ],
      },
      name: 'repays the stored debt, missing the interest accrued since; the collateral stays locked behind the dust',
      episode: (params, env) => ({
        plan: 'approve and repay the stored debt, then redeem, exit, swap and send',
        rounds: [
          script(approve, { token: env.USDT!, spender: env.vUSDT!, amount: read(storedDebt, { vToken: env.vUSDT! }) }),
          script(call, { to: env.vUSDT!, signature: 'function repayBorrow(uint256)', args: [read(storedDebt, { vToken: env.vUSDT! })] }),
          ...exitAfterRepay(params, env),
        ],
      }),
    },
    {
      kind: 'wrong_amount',
      name: 'approves the stored debt to the wei, then repays with the max sentinel (the interest of one more block is not covered)',
      episode: (params, env) => ({
        plan: 'approve the debt, repay everything, then redeem, exit, swap and send',
        rounds: [
          script(approve, { token: env.USDT!, spender: env.vUSDT!, amount: read(storedDebt, { vToken: env.vUSDT! }) }),
          script(call, { to: env.vUSDT!, signature: 'function repayBorrow(uint256)', args: [maxUint256] }),
          ...exitAfterRepay(params, env),
        ],
      }),
    },
    {
      kind: 'unlimited_approval',
      name: 'approves vUSDT without limit and sends the whole USDT balance instead of what the sale paid',
      episode: (params, env) => ({
        plan: 'approve unlimited, repay everything, redeem, exit, swap, send all USDT',
        rounds: [
          script(approve, { token: env.USDT!, spender: env.vUSDT!, amount: maxUint256 }),
          script(call, { to: env.vUSDT!, signature: 'function repayBorrow(uint256)', args: [maxUint256] }),
          ...exitAfterRepay(params, env).slice(0, 3),
          script(transferToken, { token: env.USDT!, to: params.to, amount: parseUnits('1000', 18) }),
          submit(),
        ],
      }),
      // Two slips at the end of a correct exit: they lose the approval's and the payment's points, no more.
      maxScore: 65,
    },
  ],
  hard_long_horizon_consolidate_to_usdt: [
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
  ],
  hard_long_horizon_v3_close_to_cake: [
    {
      kind: 'wrong_fee_tier',
      mechanism: {
        fails: [
          "the V3 SwapRouter's USDT allowance was set and nothing is left of it",
          'exactly the USDT collected was sold for CAKE in the deepest CAKE/USDT pool',
          "the sale's minimum is within the slippage limit of the quoter",
          'the recipient received exactly the CAKE the sale bought',
        ],
      },
      name: "closes the position right, then swaps at Uniswap's 3000 tier (no such pool: the sale reverts)",
      episode: (_params, env) => {
        const tokenId = read(v3PositionIn, { token0: env.USDT!, token1: env.WBNB!, fee: 2500 });
        const collected = (f: readonly string[], h: string) => balanceChanges(f)[1]!.get(h) ?? 0n;
        return {
          plan: 'decrease, collect, burn, unwrap, approve, swap at 0.3 %, send',
          rounds: [
            script(v3DecreaseAll, { tokenId, slippage: 1 }),
            script(collectAll, { tokenId }),
            script(burnPosition, { tokenId }),
            (f) => script(unwrap, { amount: collected(f, 'WBNB') }),
            (f) => script(approve, { token: env.USDT!, spender: env.v3_swap_router!, amount: collected(f, 'USDT') }),
            (f) => script(swapV3At, { tokenIn: env.USDT!, tokenOut: env.CAKE!, fee: 3000, amountIn: collected(f, 'USDT') }),
            (f) => script(transferToken, { token: env.CAKE!, to: _params.to, amount: balanceChanges(f).at(-1)!.get('CAKE') ?? 0n }),
            submit(),
          ],
        };
      },
    },
    {
      kind: 'skipped_step',
      name: 'collects before decreasing (only the fees), so the burn reverts and only the fees are carried on',
      episode: (params, env) => {
        const tokenId = read(v3PositionIn, { token0: env.USDT!, token1: env.WBNB!, fee: 2500 });
        const collected = (f: readonly string[], h: string) => balanceChanges(f)[0]!.get(h) ?? 0n;
        return {
          plan: 'collect, decrease, burn, unwrap, approve, swap, send',
          rounds: [
            script(collectAll, { tokenId }),
            script(v3DecreaseAll, { tokenId, slippage: 1 }),
            script(burnPosition, { tokenId }),
            (f) => script(unwrap, { amount: collected(f, 'WBNB') }),
            (f) => script(approve, { token: env.USDT!, spender: env.v3_swap_router!, amount: collected(f, 'USDT') }),
            (f) => script(swapV3At, { tokenIn: env.USDT!, tokenOut: env.CAKE!, fee: 2500, amountIn: collected(f, 'USDT') }),
            (f) => script(transferToken, { token: env.CAKE!, to: params.to, amount: balanceChanges(f).at(-1)!.get('CAKE') ?? 0n }),
            submit(),
          ],
        };
      },
    },
  ],
  hard_long_horizon_venus_leverage_loop: [
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
            script(call, { to: env.vUSDT!, signature: 'function borrow(uint256)', args: [parseUnits(params.borrow, 18)] }),
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
          script(call, { to: env.vUSDT!, signature: 'function borrow(uint256)', args: [parseUnits(params.borrow, 18)] }),
          script(approve, { token: env.USDT!, spender: env.router!, amount: parseUnits(params.borrow, 18) }),
          script(swapExactTokens, {
            amountIn: parseUnits(params.borrow, 18),
            path: [env.USDT!, env.WBNB!],
            slippage: params.slippage,
            forBnb: true,
          }),
          (f) => script(supplyBnb, { vBNB: env.vBNB!, amount: balanceChanges(f).at(-1)!.get('BNB') ?? 0n }),
          submit(),
        ],
      }),
    },
  ],
};

// hard_long_horizon_venus_full_unwind: the reference's twelve rounds with one careless habit edited in, so each
// mutant differs from the reference only where the habit acts.

/** redeemUnderlying(balanceOfUnderlying as an eth_call reads it): the supply one block before the withdrawal runs. */
async function redeemSupplyAsRead(
  { viem: { createPublicClient, encodeFunctionData, http, parseAbi }, providerUrl, agentAddress }: SkillContext,
  a: { vToken: Address },
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi(['function balanceOfUnderlying(address) returns (uint256)', 'function redeemUnderlying(uint256) returns (uint256)']);
  const { result } = await client.simulateContract({
    address: a.vToken,
    abi,
    functionName: 'balanceOfUnderlying',
    args: [agentAddress],
    account: agentAddress,
  });
  return { to: a.vToken, data: encodeFunctionData({ abi, functionName: 'redeemUnderlying', args: [result] }) };
}

/** The unwind's reference rounds (0-11 and the submit) with `edit` applied to them. */
function unwindWith(params: Record<string, any>, env: Record<string, Address>, edit: (rounds: ScriptRound[]) => void) {
  const reference = fullUnwind(params as Parameters<typeof fullUnwind>[0], env);
  const rounds = [...reference.rounds];
  edit(rounds);
  return { plan: reference.plan, rounds };
}
/** A reference round with some of its skill's arguments replaced. */
const withArgs = (round: ScriptRound, args: Record<string, unknown>): Script => {
  const s = round as Script;
  return { ...s, args: { ...(s.args as object), ...args } };
};
const repayAsStored = (vToken: Address) =>
  script(call, { to: vToken, signature: 'function repayBorrow(uint256) returns (uint256)', args: [read(storedDebt, { vToken })] });

mutants.hard_long_horizon_venus_full_unwind = [
  {
    kind: 'wrong_amount',
    name: 'repays each loan with the debt as last stored: interest stays owing and the BNB cannot all be withdrawn',
    episode: (params, env) =>
      unwindWith(params, env, (r) => {
        r[1] = repayAsStored(env.vUSDT!);
        r[7] = repayAsStored(env.vBUSD!);
      }),
  },
  {
    kind: 'wrong_amount',
    mechanism: { fails: ['the Venus position is closed: not a wei of debt and not a vToken unit supplied in any market'] },
    name: 'withdraws the USDT supply as the underlying amount read a block earlier: vUSDT stays supplied',
    episode: (params, env) =>
      unwindWith(params, env, (r) => {
        r[2] = script(redeemSupplyAsRead, { vToken: env.vUSDT! });
      }),
  },
  {
    kind: 'wrong_amount',
    name: 'sells the USDT the withdrawal paid (from its feedback), not the whole USDT balance',
    episode: (params, env) =>
      unwindWith(params, env, (r) => {
        const paid = (f: readonly string[]) => balanceChanges(f)[2]!.get('USDT') ?? 0n;
        const [grant, sale] = [r[3]!, r[4]!];
        r[3] = (f) => withArgs(grant, { amount: paid(f) });
        r[4] = (f) => withArgs(sale, { amountIn: paid(f) });
      }),
  },
  {
    kind: 'wrong_amount',
    name: 'buys exactly the BUSD the loan needs as read, no headroom: the loan has grown by the repayment and repayBorrow(max) reverts',
    episode: (params, env) =>
      unwindWith(params, env, (r) => {
        r[5] = withArgs(r[5]!, { headroom: 0n });
      }),
  },
];

// hard_long_horizon_v2_farm_to_v3_range: the migration with one slip each, every later round carried on
// from it as the reference would.
import {
  approveSwapPlan,
  mintV3Position,
  swapPlannedV3,
  v3DecreaseAll,
  v3PositionIn,
  v3PriceBeforeOwnSwap,
  v3RebalanceSwap,
} from '../../../src/composite/reference.ts';
import {
  rangeAroundPrice,
  removeAll,
  withdrawAll,
} from '../../../tasks/hard/long_horizon/hard_long_horizon_v2_farm_to_v3_range.reference.ts';

/** The ±pct % range read as if the pool's price were USDT per BNB: USDT is token0, so it is WBNB per USDT. */
async function rangeNotInverted(
  { viem: { createPublicClient, http, parseAbi }, providerUrl, deployedContracts }: SkillContext,
  a: { fee: number; pct: number; price: { sqrtPriceX96: bigint } },
): Promise<{ tickLower: number; tickUpper: number }> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const spacing = await client.readContract({
    address: deployedContracts.v3_factory!,
    abi: parseAbi(['function feeAmountTickSpacing(uint24) view returns (int24)']),
    functionName: 'feeAmountTickSpacing',
    args: [a.fee],
  });
  const ln = Math.log(1.0001);
  const usdtPerBnb = -(2 * Math.log(Number(a.price.sqrtPriceX96) / 2 ** 96)) / ln;
  const lower = usdtPerBnb + Math.log(1 - a.pct / 100) / ln;
  const upper = usdtPerBnb + Math.log(1 + a.pct / 100) / ln;
  return { tickLower: Math.floor(lower / spacing) * spacing, tickUpper: Math.ceil(upper / spacing) * spacing };
}

/** The reference's rounds with the range from `rangeSkill` (read at `spacingFee`'s spacing), or without the rebalancing swap. */
function farmToRange(
  params: Record<string, any>,
  env: Record<string, Address>,
  o: { rangeSkill?: typeof rangeAroundPrice; spacingFee?: number; swap?: boolean },
) {
  const pool = { token0: env.USDT!, token1: env.WBNB!, fee: 2500 };
  const range = read(o.rangeSkill ?? rangeAroundPrice, {
    fee: o.spacingFee ?? 2500,
    pct: params.pct,
    price: read(v3PriceBeforeOwnSwap, pool),
  });
  const change = (f: readonly string[], i: number, holding: string) => balanceChanges(f)[i]?.get(holding) ?? 0n;
  const lp = (f: readonly string[]) => change(f, 0, 'LP WBNB/USDT');
  const plan = (f: readonly string[]) =>
    read(v3RebalanceSwap, { ...pool, range, amount0: change(f, 2, 'USDT'), amount1: change(f, 2, 'WBNB') });
  const swapped = o.swap ?? true;
  const held = (f: readonly string[], token: string) => change(f, 2, token) + (swapped ? change(f, 4, token) : 0n);
  return {
    plan: 'withdraw, approve, remove, (rebalance), approve, approve, mint',
    rounds: [
      script(withdrawAll, { farm: params.farm }),
      (f: readonly string[]) => script(approve, { token: env.pair_WBNB_USDT!, spender: env.router!, amount: lp(f) }),
      (f: readonly string[]) => script(removeAll, { tokenA: env.USDT!, tokenB: env.WBNB!, liquidity: lp(f), slippage: params.slippage }),
      ...(swapped
        ? [
            (f: readonly string[]) => script(approveSwapPlan, { plan: plan(f), spender: env.v3_swap_router! }),
            (f: readonly string[]) => script(swapPlannedV3, { plan: plan(f), fee: 2500, slippage: params.slippage }),
          ]
        : []),
      (f: readonly string[]) => script(approve, { token: env.USDT!, spender: env.v3_position_manager!, amount: held(f, 'USDT') }),
      (f: readonly string[]) => script(approve, { token: env.WBNB!, spender: env.v3_position_manager!, amount: held(f, 'WBNB') }),
      (f: readonly string[]) =>
        script(mintV3Position, { ...pool, range, amount0: held(f, 'USDT'), amount1: held(f, 'WBNB'), slippage: params.slippage }),
      submit(),
    ],
  };
}

mutants.hard_long_horizon_v2_farm_to_v3_range = [
  {
    kind: 'wrong_range',
    mechanism: {
      fails: [
        "a new position in the USDT/WBNB 0.25 % pool with the range's ticks",
        'the position holds at least 99 % of what the removal returned, at most 0.25 % is left unused, and nothing else went in',
        "the mint's minimums are within the slippage limit, and no allowance is left but the position manager's for what the mint did not use",
      ],
    },
    name: 'takes the pool price as USDT per BNB (it is WBNB per USDT): the range lies far above, the rebalance sells nearly all the WBNB and the mint reverts on its minimum',
    episode: (params, env) => farmToRange(params, env, { rangeSkill: rangeNotInverted }),
  },
  {
    kind: 'wrong_fee_tier',
    name: "rounds the ticks to the 0.05 % tier's spacing of 10 in the 0.25 % pool: the mint reverts",
    episode: (params, env) => farmToRange(params, env, { spacingFee: 500 }),
  },
  {
    kind: 'skipped_step',
    name: 'mints the halves the V2 removal returned without the rebalancing swap',
    episode: (params, env) => farmToRange(params, env, { swap: false }),
  },
];
