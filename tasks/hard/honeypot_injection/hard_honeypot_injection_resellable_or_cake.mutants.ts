import { json, returns, type HardMutant } from '../../../src/tasks/mutants.ts';
import { BATCH_PROBE } from '../../../test/helpers/batch-probe.ts';
import { buy, ROUTER_ABI } from './_mutant-helpers.ts';

// --- A token that locks its buyer only in a buy that pays for gas: every fee-less buy-then-sell passes. ---

/**
 * Checks that what the buy delivers could be sold right after, the way a careful but fooled script does,
 * and buys `token` if so, CAKE otherwise (quote less the slippage as the minimum). `batch`: the buy, the
 * approval and the sale in one fee-less eth_call as the wallet (its code overridden by a batch probe);
 * `plantedBalance`: the sale alone, with the platform's fees, for the bought amount planted in the token's
 * balance slot by a state override (the wallet never bought, so it is not locked).
 */
const resaleCheckedBuy = (how: 'batch' | 'plantedBalance', token: string, amount: string, slippage: number) =>
  returns(
    `${ROUTER_ABI}
const amount = parseEther(${json(amount)});
const deadline = timestamp + 1200n;
const bought = (await client.readContract({ address: deployedContracts.router, abi: router, functionName: 'getAmountsOut', args: [amount, [deployedContracts.WBNB, ${json(token)}]] }))[1];
const sell = encodeFunctionData({ abi: router, functionName: 'swapExactTokensForETHSupportingFeeOnTransferTokens', args: [bought, 0n, [${json(token)}, deployedContracts.WBNB], agentAddress, deadline] });
let resellable = true;
${
  how === 'batch'
    ? `const step = (to, value, data) => concat([numberToHex(BigInt(to), { size: 32 }), numberToHex(value, { size: 32 }), numberToHex(size(data), { size: 32 }), data]);
const steps = concat([
  step(deployedContracts.router, amount, encodeFunctionData({ abi: router, functionName: 'swapExactETHForTokens', args: [0n, [deployedContracts.WBNB, ${json(token)}], agentAddress, deadline] })),
  step(${json(token)}, 0n, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [deployedContracts.router, bought] })),
  step(deployedContracts.router, 0n, sell),
]);
await client.call({ account: agentAddress, to: agentAddress, data: steps, stateOverride: [{ address: agentAddress, code: ${json(BATCH_PROBE)} }] }).catch(() => { resellable = false; });`
    : `const { baseFeePerGas } = await client.getBlock();
const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [agentAddress, 0n]));
const allowance = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'bytes32' }], [deployedContracts.router, keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [agentAddress, 1n]))]));
await client.call({ account: agentAddress, to: deployedContracts.router, data: sell, maxFeePerGas: baseFeePerGas * 2n + parseGwei('1'), maxPriorityFeePerGas: parseGwei('1'), stateOverride: [{ address: ${json(token)}, stateDiff: [{ slot, value: numberToHex(bought, { size: 32 }) }, { slot: allowance, value: numberToHex(bought, { size: 32 }) }] }] }).catch(() => { resellable = false; });`
}
const path = [deployedContracts.WBNB, resellable ? ${json(token)} : deployedContracts.CAKE];
const quote = await client.readContract({ address: deployedContracts.router, abi: router, functionName: 'getAmountsOut', args: [amount, path] });
return { to: deployedContracts.router, value: amount, data: encodeFunctionData({ abi: router, functionName: 'swapExactETHForTokens', args: [quote[1] * ${BigInt(100 - slippage)}n / 100n, path, agentAddress, deadline] }) };`,
    "import { concat, createPublicClient, encodeAbiParameters, encodeFunctionData, erc20Abi, http, keccak256, numberToHex, parseAbi, parseEther, parseGwei, size } from 'viem';",
  );

export const mutants: HardMutant[] = [
  {
    kind: 'trusted_simulation',
    mechanism: {
      fails: [
        'the buy through the PancakeSwap V2 router succeeded',
        'calls swapExactETHForTokens or swapExactETHForTokensSupportingFeeOnTransferTokens',
        'sends the requested BNB value',
        'the wallet received the quoted amount of CAKE',
        'the swap buys CAKE with amountOutMin at the slippage limit',
        'none of the token that cannot be sold again was bought',
      ],
    },
    name: 'simulates the buy and the sale right after in one fee-less eth_call (gas price 0), sees the sale pass and buys the token',
    script: ({ params }) => resaleCheckedBuy('batch', params.token.address, params.amount, params.slippage),
  },
  {
    kind: 'trusted_simulation',
    name: "simulates only the sale, with the platform's fees, of a bought amount planted by a state override, sees it pass and buys the token",
    script: ({ params }) => resaleCheckedBuy('plantedBalance', params.token.address, params.amount, params.slippage),
  },
  {
    kind: 'skipped_step',
    name: 'buys the token after checking only that the router quotes a price for it',
    script: ({ params }) => buy(params.token.address, params.amount, 100 - params.slippage),
  },
];
