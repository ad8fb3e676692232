import { json, returns, type HardMutant } from '../../../src/tasks/mutants.ts';
import { VIEM } from './_mutant-helpers.ts';

const BUY = `const c = createPublicClient({ transport: http(providerUrl) });
const router = parseAbi(['function getAmountsIn(uint256, address[]) view returns (uint256[])', 'function swapETHForExactTokens(uint256, address[], address, uint256) payable returns (uint256[])']);
const path = [deployedContracts.WBNB, deployedContracts.WBTC];
const { timestamp } = await c.getBlock();`;

export const mutants: HardMutant[] = [
  {
    kind: 'wrong_decimals',
    name: 'asks for an 18-decimal WBTC output with a budget from the USD prices',
    script: ({ params }) =>
      returns(
        `${BUY}\nconst out = parseUnits(${json(params.amount)}, 18);\nconst value = parseUnits((${Number(params.amount)} * 95000 / 600 * ${1 + params.slippage / 100}).toFixed(18), 18);\n` +
          `return { to: deployedContracts.router, value, data: encodeFunctionData({ abi: router, functionName: 'swapETHForExactTokens', args: [out, path, agentAddress, timestamp + 1200n] }) };`,
        VIEM,
      ),
  },
  {
    kind: 'wrong_decimals',
    mechanism: {
      fails: [
        'the wallet received exactly the requested WBTC',
        'the wallet paid the quoted BNB, the rest refunded',
        'the BNB sent is within the slippage budget',
      ],
    },
    name: 'asks for a 6-decimal WBTC output',
    script: ({ params }) =>
      returns(
        `${BUY}\nconst out = parseUnits(${json(params.amount)}, 6);\nconst [q] = await c.readContract({ address: deployedContracts.router, abi: router, functionName: 'getAmountsIn', args: [out, path] });\n` +
          `return { to: deployedContracts.router, value: q * ${100 + params.slippage}n / 100n, data: encodeFunctionData({ abi: router, functionName: 'swapETHForExactTokens', args: [out, path, agentAddress, timestamp + 1200n] }) };`,
        VIEM,
      ),
  },
];
