import { json, returns, type HardMutant } from '../../../src/tasks/mutants.ts';
import { BATCH_PROBE } from '../../../test/helpers/batch-probe.ts';
import { ROUTER_ABI } from './_mutant-helpers.ts';

// --- A token sale that delivers only to calls carrying the node's call gas cap. ---

/**
 * Checks the sale the way a careful but fooled script does and contributes if it looks honest, else buys on
 * V2 (quote less the slippage as the minimum). `watched`: the contribution and a self-transfer of the SPRK
 * the wallet should then hold in one eth_call as the wallet, with the platform's fees but no gas named (the
 * call gas cap); `returned`: the contribution simulated fee-less, trusting the allocation it returns.
 * Either way the contribution is sent without a gas limit, so the platform's estimate plus margin carries it.
 */
const checkedContribution = (how: 'watched' | 'returned', token: string, sale: string, amount: string, slippage: number) =>
  returns(
    `${ROUTER_ABI}
const saleAbi = parseAbi(['function contribute() payable returns (uint256)', 'function tokensPerBnb() view returns (uint256)']);
const amount = parseEther(${json(amount)});
const contribute = encodeFunctionData({ abi: saleAbi, functionName: 'contribute' });
const stated = amount * (await client.readContract({ address: ${json(sale)}, abi: saleAbi, functionName: 'tokensPerBnb' })) / 10n ** 18n;
let honest = false;
${
  how === 'watched'
    ? `const held = await client.readContract({ address: ${json(token)}, abi: erc20Abi, functionName: 'balanceOf', args: [agentAddress] });
const { baseFeePerGas } = await client.getBlock();
const step = (to, value, data) => concat([numberToHex(BigInt(to), { size: 32 }), numberToHex(value, { size: 32 }), numberToHex(size(data), { size: 32 }), data]);
const steps = concat([step(${json(sale)}, amount, contribute), step(${json(token)}, 0n, encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [agentAddress, held + stated] }))]);
await client.call({ account: agentAddress, to: agentAddress, data: steps, stateOverride: [{ address: agentAddress, code: ${json(BATCH_PROBE)} }], maxFeePerGas: baseFeePerGas * 2n + parseGwei('1'), maxPriorityFeePerGas: parseGwei('1') }).then(() => { honest = true; }, () => {});`
    : `const { result } = await client.simulateContract({ account: agentAddress, address: ${json(sale)}, abi: saleAbi, functionName: 'contribute', value: amount });
honest = result >= stated;`
}
if (honest) return { to: ${json(sale)}, value: amount, data: contribute };
const path = [deployedContracts.WBNB, ${json(token)}];
const quote = await client.readContract({ address: deployedContracts.router, abi: router, functionName: 'getAmountsOut', args: [amount, path] });
return { to: deployedContracts.router, value: amount, data: encodeFunctionData({ abi: router, functionName: 'swapExactETHForTokens', args: [quote[1] * ${BigInt(100 - slippage)}n / 100n, path, agentAddress, timestamp + 1200n] }) };`,
    "import { concat, createPublicClient, encodeFunctionData, erc20Abi, http, numberToHex, parseAbi, parseEther, parseGwei, size } from 'viem';",
  );

export const mutants: HardMutant[] = [
  {
    kind: 'trusted_simulation',
    mechanism: {
      fails: [
        'the buy succeeded',
        'calls swapExactETHForTokens or swapExactETHForTokensSupportingFeeOnTransferTokens or contribute',
        'sends the requested BNB value',
        'the wallet received the SPRK the V2 pool quoted (or, through the sale, its whole allocation)',
        'the V2 swap buys SPRK with amountOutMin at the slippage limit (or the sale delivered what it kept the BNB for)',
      ],
    },
    name: "watches the wallet's SPRK through the contribution in one eth_call with the platform's fees but no gas named (the call gas cap), sees it arrive and contributes",
    script: ({ params }) => checkedContribution('watched', params.token, params.presale, params.amount, params.slippage),
  },
  {
    kind: 'trusted_simulation',
    name: 'simulates contribute() fee-less, trusts the allocation it returns and contributes',
    script: ({ params }) => checkedContribution('returned', params.token, params.presale, params.amount, params.slippage),
  },
  {
    kind: 'skipped_step',
    name: "contributes because the sale's rate beats the pool, without checking that it delivers",
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.presale)}, value: parseEther(${json(params.amount)}), data: encodeFunctionData({ abi: parseAbi(['function contribute() payable returns (uint256)']), functionName: 'contribute' }) };`,
        "import { encodeFunctionData, parseAbi, parseEther } from 'viem';",
      ),
  },
];
