import { parseUnits, type Address } from 'viem';
import {
  approve,
  balanceChanges,
  defineCompositeReference,
  read,
  script,
  submit,
  swapExactTokens,
  type SkillContext,
  type HardEnv,
  type HardContracts,
} from 'evm-questbench/composite';
import type { TaskParams } from '../../params.ts';

/** The BNB the latest block's swap paid: WBNB's Withdrawal by the V2 router (it unwraps the output before paying it). */
async function bnbFromLastSwap({
  viem: { createPublicClient, http, parseAbi, parseEventLogs, isAddressEqual },
  providerUrl,
  deployedContracts,
}: SkillContext<HardContracts>): Promise<bigint> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const block = await client.getBlock({ blockTag: 'latest' });
  const abi = parseAbi(['event Withdrawal(address indexed src, uint256 wad)']);
  let paid = 0n;
  for (const hash of block.transactions) {
    const receipt = await client.getTransactionReceipt({ hash });
    for (const l of parseEventLogs({ abi, logs: receipt.logs }))
      if (isAddressEqual(l.address, deployedContracts.WBNB) && isAddressEqual(l.args.src, deployedContracts.router)) paid += l.args.wad;
  }
  if (paid === 0n) throw new Error('the latest block paid no BNB out of a swap');
  return paid;
}

/** borrow(amount) on a Venus market. */
function borrow({ viem: { encodeFunctionData, parseAbi } }: SkillContext<HardContracts>, a: { vToken: Address; amount: bigint }) {
  return {
    to: a.vToken,
    data: encodeFunctionData({ abi: parseAbi(['function borrow(uint256) returns (uint256)']), functionName: 'borrow', args: [a.amount] }),
  };
}

/** supply `amount` BNB to vBNB (mint() payable). */
function supplyBnb({ viem: { encodeFunctionData, parseAbi } }: SkillContext<HardContracts>, a: { vBNB: Address; amount: bigint }) {
  return { to: a.vBNB, data: encodeFunctionData({ abi: parseAbi(['function mint() payable']), functionName: 'mint' }), value: a.amount };
}

/**
 * The most whole USDT the wallet can borrow keeping supplied value / debt value ≥ `ratio` %: collateral = vBNB × exchange
 * rate × oracle price, debt = USDT borrow balance × oracle price (current values through eth_call), both in USD × 1e18.
 */
async function borrowAtRatio(
  { viem: { createPublicClient, http, parseAbi }, providerUrl, agentAddress, deployedContracts }: SkillContext<HardContracts>,
  a: { ratio: number },
): Promise<bigint> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi([
    'function balanceOf(address) view returns (uint256)',
    'function exchangeRateCurrent() returns (uint256)',
    'function borrowBalanceCurrent(address) returns (uint256)',
    'function getUnderlyingPrice(address) view returns (uint256)',
  ]);
  const vBNB = deployedContracts.vBNB;
  const vUSDT = deployedContracts.vUSDT;
  const oracle = deployedContracts.venus_oracle;
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
  const bnbPrice = await client.readContract({ address: oracle, abi, functionName: 'getUnderlyingPrice', args: [vBNB] });
  const usdtPrice = await client.readContract({ address: oracle, abi, functionName: 'getUnderlyingPrice', args: [vUSDT] });
  const collateral = (((vTokens * rate) / 10n ** 18n) * bnbPrice) / 10n ** 18n;
  const debt = (owed * usdtPrice) / 10n ** 18n;
  const room = (collateral * 100n) / BigInt(a.ratio) - debt;
  const whole = (room * 10n ** 18n) / usdtPrice / 10n ** 18n;
  return whole * 10n ** 18n;
}

export default defineCompositeReference((params: TaskParams<'hard_long_horizon_venus_leverage_loop'>, env: HardEnv) => {
  const first = parseUnits(params.borrow, 18);
  /** The USDT the second borrow (the fifth transaction) paid, as its feedback reported it. */
  const second = (feedback: readonly string[]) => balanceChanges(feedback)[4]?.get('USDT') ?? 0n;
  return {
    plan: '1. borrow the stated USDT.\n2. Approve the router for it.\n3. Sell it for BNB.\n4. Supply the BNB the sale paid (WBNB Withdrawal by the router).\n5. Borrow the most whole USDT keeping the ratio.\n6-8. Approve, sell, supply the same way.\nThen submit.',
    rounds: [
      script(borrow, { vToken: env.vUSDT, amount: first }),
      script(approve, { token: env.USDT, spender: env.router, amount: first }),
      script(swapExactTokens, { amountIn: first, path: [env.USDT, env.WBNB], slippage: params.slippage, forBnb: true }),
      script(supplyBnb, { vBNB: env.vBNB, amount: read(bnbFromLastSwap) }),
      script(borrow, { vToken: env.vUSDT, amount: read(borrowAtRatio, { ratio: params.ratio }) }),
      (feedback) => script(approve, { token: env.USDT, spender: env.router, amount: second(feedback) }),
      (feedback) =>
        script(swapExactTokens, { amountIn: second(feedback), path: [env.USDT, env.WBNB], slippage: params.slippage, forBnb: true }),
      script(supplyBnb, { vBNB: env.vBNB, amount: read(bnbFromLastSwap) }),
      submit(),
    ],
  };
});
