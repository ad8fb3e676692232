import { returns, type HardMutant } from '../../../src/tasks/mutants.ts';

const REBAL_IMPORTS = "import { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi } from 'viem';";

const REBAL_READS = `const client = createPublicClient({ transport: http(providerUrl) });
const d = deployedContracts;
const cake = await client.readContract({ address: d.CAKE, abi: erc20Abi, functionName: 'balanceOf', args: [agentAddress] });
const usdt = await client.readContract({ address: d.USDT, abi: erc20Abi, functionName: 'balanceOf', args: [agentAddress] });
const r = parseAbi(['function swapExactTokensForTokens(uint256, uint256, address[], address, uint256) returns (uint256[])', 'function getAmountsOut(uint256, address[]) view returns (uint256[])']);
const { timestamp } = await client.getBlock();
async function swap(amountIn, path) {
  const [, q] = await client.readContract({ address: d.router, abi: r, functionName: 'getAmountsOut', args: [amountIn, path] });
  return { to: d.router, data: encodeFunctionData({ abi: r, functionName: 'swapExactTokensForTokens', args: [amountIn, q * 99n / 100n, path, agentAddress, timestamp + 600n] }) };
}`;

export const mutants: HardMutant[] = [
  {
    kind: 'wrong_amount',
    mechanism: { fails: ['CAKE is the target share of the value, within half a percentage point'] },
    name: 'splits by token counts, as if CAKE were worth a dollar',
    script: ({ params }) =>
      returns(
        `${REBAL_READS}\nconst want = (cake + usdt) * ${params.pct}n / 100n;\nreturn want < cake ? swap(cake - want, [d.CAKE, d.USDT]) : swap(want - cake, [d.USDT, d.CAKE]);`,
        REBAL_IMPORTS,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'sells the target share of the CAKE itself',
    script: ({ params }) => returns(`${REBAL_READS}\nreturn swap(cake * ${params.pct}n / 100n, [d.CAKE, d.USDT]);`, REBAL_IMPORTS),
  },
];
