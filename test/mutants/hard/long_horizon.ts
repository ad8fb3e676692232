import { maxUint256, parseUnits, type Address } from 'viem';
import { approve, balanceChanges, call, read, receivedInLatestBlock, script, submit, swapExactBnb, transferToken, type SkillContext } from '../../../src/composite/reference.ts';
import type { HardMutantTable } from './types.ts';

/** What the wallet owes as last stored (borrowBalanceStored): the habit of reading a view and missing the interest since. */
async function storedDebt({ viem: { createPublicClient, http, parseAbi }, providerUrl, agentAddress }: SkillContext, a: { vToken: Address }): Promise<bigint> {
  const client = createPublicClient({ transport: http(providerUrl) });
  return client.readContract({ address: a.vToken, abi: parseAbi(['function borrowBalanceStored(address) view returns (uint256)']), functionName: 'borrowBalanceStored', args: [agentAddress] });
}

/** redeem(every vToken the wallet holds). */
async function redeemAll({ viem: { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi }, providerUrl, agentAddress }: SkillContext, a: { vToken: Address }) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const held = await client.readContract({ address: a.vToken, abi: erc20Abi, functionName: 'balanceOf', args: [agentAddress] });
  return { to: a.vToken, data: encodeFunctionData({ abi: parseAbi(['function redeem(uint256)']), functionName: 'redeem', args: [held] }) };
}

/** The BNB the wallet's latest redemption paid, from vBNB's Redeem event. */
async function lastRedeemed({ viem: { createPublicClient, http, parseAbiItem, isAddressEqual }, providerUrl, agentAddress }: SkillContext, a: { vToken: Address }): Promise<bigint> {
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
  script(swapExactBnb, { amount: read(lastRedeemed, { vToken: env.vBNB! }), path: [env.WBNB!, env.USDT!], slippage: params.slippage, deadline: 1200 }),
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
  const quote = await client.readContract({ address: deployedContracts.router, abi, functionName: 'getAmountsOut', args: [a.amount, a.path] });
  const min = (quote[quote.length - 1]! * BigInt(100 - a.slippage)) / 100n;
  const { timestamp } = await client.getBlock();
  const functionName = a.supporting ? 'swapExactTokensForTokensSupportingFeeOnTransferTokens' : 'swapExactTokensForTokens';
  return { to: deployedContracts.router, data: encodeFunctionData({ abi, functionName, args: [a.amount, min, a.path, agentAddress, timestamp + 1200n] }) };
}

/** The consolidation with the given base units per token and swap choice, then the USDT the feedback reported sent on. */
function consolidate(params: Record<string, any>, env: Record<string, Address>, units: { yld: number; usdc: number; floki: number }, supporting: boolean) {
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
      (feedback: readonly string[]) => script(transferToken, { token: env.USDT!, to: params.to, amount: balanceChanges(feedback).reduce((sum, c) => sum + (c.get('USDT') ?? 0n), 0n) }),
      submit(),
    ],
  };
}

export const mutants: HardMutantTable = {
  hard_long_horizon_venus_exit: [
    {
      kind: 'wrong_amount',
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
};
