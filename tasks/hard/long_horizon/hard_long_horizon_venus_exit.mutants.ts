import { maxUint256, parseUnits, type Address } from 'viem';
import {
  approve,
  call,
  read,
  receivedInLatestBlock,
  script,
  submit,
  swapExactBnb,
  transferToken,
  type SkillContext,
  type ScriptRound,
  type HardContracts,
} from '../../../src/composite/reference.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';
import { storedDebt } from './_mutant-helpers.ts';
import type { HardEnv } from '../../../src/tasks/address-map.ts';

/** redeem(every vToken the wallet holds). */
async function redeemAll(
  { viem: { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi }, providerUrl, agentAddress }: SkillContext<HardContracts>,
  a: { vToken: Address },
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const held = await client.readContract({ address: a.vToken, abi: erc20Abi, functionName: 'balanceOf', args: [agentAddress] });
  return { to: a.vToken, data: encodeFunctionData({ abi: parseAbi(['function redeem(uint256)']), functionName: 'redeem', args: [held] }) };
}

/** The BNB the wallet's latest redemption paid, from vBNB's Redeem event. */
async function lastRedeemed(
  { viem: { createPublicClient, http, parseAbiItem, isAddressEqual }, providerUrl, agentAddress }: SkillContext<HardContracts>,
  a: { vToken: Address },
): Promise<bigint> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const head = await client.getBlockNumber();
  const event = parseAbiItem('event Redeem(address redeemer, uint256 redeemAmount, uint256 redeemTokens, uint256 totalSupply)');
  const logs = await client.getLogs({ address: a.vToken, event, fromBlock: head - 20n, toBlock: head });
  const mine = logs.filter((l) => l.args.redeemer !== undefined && isAddressEqual(l.args.redeemer, agentAddress));
  const amount = mine.at(-1)?.args.redeemAmount;
  if (amount === undefined) throw new Error('no redemption of the wallet in the last 20 blocks');
  return amount;
}

/** The rest of the Venus exit after the repayment, done right. */
const exitAfterRepay = (params: Record<string, any>, env: HardEnv) => [
  script(redeemAll, { vToken: env.vBNB }),
  script(call, { to: env.venus_comptroller, signature: 'function exitMarket(address)', args: [env.vBNB] }),
  script(swapExactBnb, {
    amount: read(lastRedeemed, { vToken: env.vBNB }),
    path: [env.WBNB, env.USDT],
    slippage: params.slippage,
    deadline: 1200,
  }),
  script(transferToken, { token: env.USDT, to: params.to, amount: read(receivedInLatestBlock, { token: env.USDT }) }),
  submit(),
];

export const mutants: HardMutant<ScriptRound>[] = [
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
        script(approve, { token: env.USDT, spender: env.vUSDT, amount: read(storedDebt, { vToken: env.vUSDT }) }),
        script(call, { to: env.vUSDT, signature: 'function repayBorrow(uint256)', args: [read(storedDebt, { vToken: env.vUSDT })] }),
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
        script(approve, { token: env.USDT, spender: env.vUSDT, amount: read(storedDebt, { vToken: env.vUSDT }) }),
        script(call, { to: env.vUSDT, signature: 'function repayBorrow(uint256)', args: [maxUint256] }),
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
        script(approve, { token: env.USDT, spender: env.vUSDT, amount: maxUint256 }),
        script(call, { to: env.vUSDT, signature: 'function repayBorrow(uint256)', args: [maxUint256] }),
        ...exitAfterRepay(params, env).slice(0, 3),
        script(transferToken, { token: env.USDT, to: params.to, amount: parseUnits('1000', 18) }),
        submit(),
      ],
    }),
    // Two slips at the end of a correct exit: they lose the approval's and the payment's points, no more.
    maxScore: 65,
  },
];
