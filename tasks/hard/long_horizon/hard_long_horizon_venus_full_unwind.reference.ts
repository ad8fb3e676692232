import { maxUint256, parseEther, type Address } from 'viem';
import {
  approve,
  balanceOf,
  call,
  debtWithHeadroom,
  defineCompositeReference,
  read,
  redeemAll,
  script,
  submit,
  swapExactTokens,
  type SkillContext,
  type HardEnv,
  type HardContracts,
} from 'evm-questbench/composite';
import type { TaskParams } from '../../params.ts';

/**
 * Buys, with BNB through the V2 router (swapETHForExactTokens), the `token` that repaying all of `vToken`'s debt
 * needs beyond the wallet's balance: the debt now (borrowBalanceCurrent) plus `headroom` for the blocks until the
 * repayment; sends the quoted BNB plus `slippage` % (the router refunds what it does not use).
 */
async function buyDebtShortfall(
  {
    viem: { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi },
    providerUrl,
    agentAddress,
    deployedContracts,
  }: SkillContext<HardContracts>,
  a: { vToken: Address; token: Address; headroom: bigint; slippage: number },
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi([
    'function borrowBalanceCurrent(address) returns (uint256)',
    'function getAmountsIn(uint256, address[]) view returns (uint256[])',
    'function swapETHForExactTokens(uint256, address[], address, uint256) payable returns (uint256[])',
  ]);
  const { result: debt } = await client.simulateContract({
    address: a.vToken,
    abi,
    functionName: 'borrowBalanceCurrent',
    args: [agentAddress],
    account: agentAddress,
  });
  const held = await client.readContract({ address: a.token, abi: erc20Abi, functionName: 'balanceOf', args: [agentAddress] });
  const need = debt + a.headroom - held;
  const path = [deployedContracts.WBNB, a.token];
  const [bnbIn] = await client.readContract({ address: deployedContracts.router, abi, functionName: 'getAmountsIn', args: [need, path] });
  if (bnbIn === undefined) throw new Error('the router returned no quote');
  const { timestamp } = await client.getBlock();
  return {
    to: deployedContracts.router,
    data: encodeFunctionData({ abi, functionName: 'swapETHForExactTokens', args: [need, path, agentAddress, timestamp + 1200n] }),
    value: (bnbIn * BigInt(100 + a.slippage)) / 100n,
  };
}

/** Sends the wallet's whole BNB balance but `keep` to `to` (this transaction's gas comes out of what is kept). */
async function sendAllBut(
  { viem: { createPublicClient, http }, providerUrl, agentAddress }: SkillContext<HardContracts>,
  a: { to: Address; keep: bigint },
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  return { to: a.to, value: (await client.getBalance({ address: agentAddress })) - a.keep };
}

// Every "all" is read in the round that acts on it: repayBorrow(max) and redeem(vToken balance) are exact at
// their own block, each sale sells the balance the script reads.
export default defineCompositeReference((params: TaskParams<'hard_long_horizon_venus_full_unwind'>, env: HardEnv) => {
  const headroom = parseEther('0.01');
  const repayAll = (vToken: Address) =>
    script(call, { to: vToken, signature: 'function repayBorrow(uint256) returns (uint256)', args: [maxUint256] });
  const sellAll = (token: Address) => [
    script(approve, { token, spender: env.router, amount: read(balanceOf, { token }) }),
    script(swapExactTokens, { amountIn: read(balanceOf, { token }), path: [token, env.WBNB], slippage: params.slippage, forBnb: true }),
  ];
  return {
    plan: [
      '1. approve vUSDT for the USDT debt now + 0.01; 2. vUSDT.repayBorrow(max); 3. redeem every vUSDT;',
      '4-5. approve the router for the whole USDT balance and sell it for BNB;',
      '6. buy the missing BUSD (debt now + 0.01 - balance) with BNB; 7. approve vBUSD for the BUSD debt now + 0.01; 8. vBUSD.repayBorrow(max);',
      '9. redeem every vBNB; 10-11. approve and sell the BUSD left for BNB; 12. send the BNB balance less the amount kept to savings. Then submit.',
    ].join('\n'),
    rounds: [
      script(approve, { token: env.USDT, spender: env.vUSDT, amount: read(debtWithHeadroom, { vToken: env.vUSDT, headroom }) }),
      repayAll(env.vUSDT),
      script(redeemAll, { vToken: env.vUSDT }),
      ...sellAll(env.USDT),
      script(buyDebtShortfall, { vToken: env.vBUSD, token: env.BUSD, headroom, slippage: params.slippage }),
      script(approve, { token: env.BUSD, spender: env.vBUSD, amount: read(debtWithHeadroom, { vToken: env.vBUSD, headroom }) }),
      repayAll(env.vBUSD),
      script(redeemAll, { vToken: env.vBNB }),
      ...sellAll(env.BUSD),
      script(sendAllBut, { to: params.to, keep: parseEther(params.keep) }),
      submit(),
    ],
  };
});
