import {
  approve,
  balanceChanges,
  balanceOf,
  defineCompositeReference,
  read,
  script,
  submit,
  transferToken,
  type SkillContext,
} from 'evm-questbench/composite';
import type { Address } from 'viem';
import type { TaskParams } from '../../params.ts';

/**
 * The first of `tokens` the wallet still holds whose sale of its whole balance along token → WBNB → USDT would
 * lose at most `loss` % of the tokens sold to transfer taxes. `asSent` simulates the sale as the platform sends
 * it (1 gwei priority fee over the base fee); without it the simulation names no fee and runs at gas price 0.
 * Nothing is approved before the decision: the router's allowance is set for the simulation only, by a state
 * override of the token's allowance slot (found by probing the first slots against allowance()). The sale
 * passes with a minimum of the quote for (100 − loss) % of the balance exactly when at least that share
 * reaches the pool, whatever the pool fees.
 */
export async function sellableHeld(
  {
    viem: {
      createPublicClient,
      decodeFunctionResult,
      encodeAbiParameters,
      encodeFunctionData,
      erc20Abi,
      http,
      keccak256,
      parseAbi,
      parseGwei,
      toHex,
    },
    providerUrl,
    agentAddress,
    deployedContracts,
  }: SkillContext,
  a: { tokens: Address[]; loss: number; asSent: boolean },
): Promise<Address> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const router = deployedContracts.router;
  const abi = parseAbi([
    'function getAmountsOut(uint256, address[]) view returns (uint256[])',
    'function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256, uint256, address[], address, uint256)',
  ]);
  const block = await client.getBlock();
  const priority = parseGwei('1');
  const fees = a.asSent ? { maxFeePerGas: (block.baseFeePerGas ?? 0n) * 2n + priority, maxPriorityFeePerGas: priority } : {};
  const marker = 0x5eed5eed5eedn;
  /** The storage slot of allowance(wallet, router), or undefined when none of the first 12 mapping slots holds it. */
  const allowanceSlot = async (token: Address) => {
    for (let s = 0n; s < 12n; s++) {
      const inner = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [agentAddress, s]));
      const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'bytes32' }], [router, inner]));
      const { data } = await client.call({
        to: token,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'allowance', args: [agentAddress, router] }),
        stateOverride: [{ address: token, stateDiff: [{ slot, value: toHex(marker, { size: 32 }) }] }],
      });
      if (data && decodeFunctionResult({ abi: erc20Abi, functionName: 'allowance', data }) === marker) return slot;
    }
    return undefined;
  };
  for (const token of a.tokens) {
    const held = await client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [agentAddress] });
    if (held === 0n) continue;
    const path = [token, deployedContracts.WBNB, deployedContracts.USDT];
    const floor = held - (held * BigInt(a.loss)) / 100n;
    const min = (await client.readContract({ address: router, abi, functionName: 'getAmountsOut', args: [floor, path] }))[2]!;
    const slot = await allowanceSlot(token);
    if (slot === undefined) continue;
    const passes = await client
      .call({
        account: agentAddress,
        to: router,
        data: encodeFunctionData({
          abi,
          functionName: 'swapExactTokensForTokensSupportingFeeOnTransferTokens',
          args: [held, min, path, agentAddress, block.timestamp + 1200n],
        }),
        stateOverride: [{ address: token, stateDiff: [{ slot, value: toHex(held, { size: 32 }) }] }],
        ...fees,
      })
      .then(
        () => true,
        () => false,
      );
    if (passes) return token;
  }
  throw new Error('no token left whose sale stays within the tax limit');
}

/**
 * Sells the wallet's whole balance of `token` along token → WBNB → USDT with the fee-on-transfer-safe swap; the
 * minimum is the quote for what reaches the pool (less the tax the token's taxOf states, when it has one) less
 * `slippage` %.
 */
export async function sellWhole(
  {
    viem: { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi },
    providerUrl,
    agentAddress,
    deployedContracts,
  }: SkillContext,
  a: { token: Address; slippage: number },
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi([
    'function getPair(address, address) view returns (address)',
    'function taxOf(address from, address to, uint256 amount) view returns (uint256)',
    'function getAmountsOut(uint256, address[]) view returns (uint256[])',
    'function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256, uint256, address[], address, uint256)',
  ]);
  const path = [a.token, deployedContracts.WBNB, deployedContracts.USDT];
  const held = await client.readContract({ address: a.token, abi: erc20Abi, functionName: 'balanceOf', args: [agentAddress] });
  const pair = await client.readContract({
    address: deployedContracts.factory,
    abi,
    functionName: 'getPair',
    args: [a.token, deployedContracts.WBNB],
  });
  const tax = await client.readContract({ address: a.token, abi, functionName: 'taxOf', args: [agentAddress, pair, held] }).catch(() => 0n);
  const quote = await client.readContract({
    address: deployedContracts.router,
    abi,
    functionName: 'getAmountsOut',
    args: [held - tax, path],
  });
  const min = (quote[2]! * BigInt(100 - a.slippage)) / 100n;
  const { timestamp } = await client.getBlock();
  return {
    to: deployedContracts.router,
    data: encodeFunctionData({
      abi,
      functionName: 'swapExactTokensForTokensSupportingFeeOnTransferTokens',
      args: [held, min, path, agentAddress, timestamp + 1200n],
    }),
  };
}

export default defineCompositeReference((params: TaskParams<'hard_long_horizon_consolidate_skip_taxed'>, env) => {
  // Each round decides afresh: the first token still held whose real sale stays within the limit.
  const pick = read(sellableHeld, { tokens: [params.zeph, params.quil, params.maro], loss: params.loss, asSent: true });
  const approveWhole = script(approve, { token: pick, spender: env.router, amount: read(balanceOf, { token: pick }) });
  const sell = script(sellWhole, { token: pick, slippage: params.slippage });
  return {
    plan: "1-4. Twice: find the first token still held whose sale, simulated as it will be sent (with the platform's fees) under a simulated router allowance, loses at most the limit to taxes; approve the router for exactly its balance, then sell it with the fee-on-transfer-safe swap, minimum from the quote for what reaches the pool. The third token's real sale loses more: it stays unapproved.\n5. Send the USDT the two sales added.\nThen submit.",
    rounds: [
      approveWhole,
      sell,
      approveWhole,
      sell,
      // The USDT the sales paid, as the feedback reported each (raw units).
      (feedback) =>
        script(transferToken, {
          token: env.USDT,
          to: params.to,
          amount: balanceChanges(feedback).reduce((sum, c) => sum + (c.get('USDT') ?? 0n), 0n),
        }),
      submit(),
    ],
  };
});
