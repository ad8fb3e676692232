import { returns, type HardMutant } from '../../../src/tasks/mutants.ts';

const STAKE_IMPORTS = "import { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi } from 'viem';";

const STAKE_READS = `const client = createPublicClient({ transport: http(providerUrl) });
const d = deployedContracts;
const cent = 10n ** 16n;
const staked = await client.readContract({ address: d.simple_staking, abi: parseAbi(['function stakedOf(address) view returns (uint256)']), functionName: 'stakedOf', args: [agentAddress] });
const [r0, r1] = await client.readContract({ address: d.pair_CAKE_USDT, abi: parseAbi(['function getReserves() view returns (uint112, uint112, uint32)']), functionName: 'getReserves' });`;

const payUsdt = (to: string, valueExpr: string) =>
  `return { to: d.USDT, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [${JSON.stringify(to)}, (${valueExpr}) / cent * cent] }) };`;

export const mutants: HardMutant[] = [
  {
    kind: 'wrong_amount',
    mechanism: { fails: ["the recipient received the stake's value at the pair's price, in whole cents", 'the wallet paid exactly that'] },
    name: 'takes the reserves as (USDT, CAKE) without reading token0',
    script: ({ params }) => returns(`${STAKE_READS}\n${payUsdt(params.to, 'staked * r0 / r1')}`, STAKE_IMPORTS),
  },
  {
    kind: 'wrong_amount',
    name: "values the stake at the router's sell quote (fee and price impact), not the reserve price",
    script: ({ params }) =>
      returns(
        `${STAKE_READS}\nconst [, out] = await client.readContract({ address: d.router, abi: parseAbi(['function getAmountsOut(uint256, address[]) view returns (uint256[])']), functionName: 'getAmountsOut', args: [staked, [d.CAKE, d.USDT]] });\n${payUsdt(params.to, 'out')}`,
        STAKE_IMPORTS,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'values the CAKE in the wallet instead of the stake',
    script: ({ params }) =>
      returns(
        `${STAKE_READS}\nconst held = await client.readContract({ address: d.CAKE, abi: erc20Abi, functionName: 'balanceOf', args: [agentAddress] });\n${payUsdt(params.to, 'held * r1 / r0')}`,
        STAKE_IMPORTS,
      ),
  },
];
