import { maxUint256, type Address } from 'viem';
import {
  approve,
  call,
  defineCompositeReference,
  read,
  receivedInLatestBlock,
  script,
  submit,
  swapExactBnb,
  transferToken,
  debtWithHeadroom,
  type SkillContext,
  type HardEnv,
  type HardContracts,
} from 'evm-questbench/composite';
import type { TaskParams } from '../../params.ts';

/** redeem(every vToken the wallet holds). */
async function redeemAll(
  { viem: { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi }, providerUrl, agentAddress }: SkillContext<HardContracts>,
  a: { vToken: Address },
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const held = await client.readContract({ address: a.vToken, abi: erc20Abi, functionName: 'balanceOf', args: [agentAddress] });
  return { to: a.vToken, data: encodeFunctionData({ abi: parseAbi(['function redeem(uint256)']), functionName: 'redeem', args: [held] }) };
}

/** The BNB the wallet's latest redemption paid: redeemAmount of vBNB's latest Redeem event for the wallet (last 20 blocks). */
async function lastRedeemed(
  { viem: { createPublicClient, http, parseAbiItem, isAddressEqual }, providerUrl, agentAddress }: SkillContext<HardContracts>,
  a: { vToken: Address },
): Promise<bigint> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const head = await client.getBlockNumber();
  const event = parseAbiItem('event Redeem(address redeemer, uint256 redeemAmount, uint256 redeemTokens, uint256 totalSupply)');
  const logs = await client.getLogs({ address: a.vToken, event, fromBlock: head > 20n ? head - 20n : 0n, toBlock: head });
  const mine = logs.filter((l) => l.args.redeemer !== undefined && isAddressEqual(l.args.redeemer, agentAddress));
  const amount = mine.at(-1)?.args.redeemAmount;
  if (amount === undefined) throw new Error('no redemption of the wallet in the last 20 blocks');
  return amount;
}

export default defineCompositeReference((params: TaskParams<'hard_long_horizon_venus_exit'>, env: HardEnv) => ({
  plan: '1. Approve vUSDT for the current debt plus 0.01 USDT.\n2. repayBorrow(max) on vUSDT.\n3. redeem all vBNB.\n4. exitMarket(vBNB).\n5. Swap exactly the BNB the Redeem event reports for USDT on V2.\n6. Send the USDT the swap paid to the recipient.\nThen submit.',
  rounds: [
    script(approve, { token: env.USDT, spender: env.vUSDT, amount: read(debtWithHeadroom, { vToken: env.vUSDT, headroom: 10n ** 16n }) }),
    script(call, { to: env.vUSDT, signature: 'function repayBorrow(uint256)', args: [maxUint256] }),
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
  ],
}));
