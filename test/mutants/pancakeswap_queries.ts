import { json, returns, type MutantTable } from './types.ts';

const READ = `import { Contract, JsonRpcProvider, formatUnits, parseUnits } from 'ethers';
const PAIR_ABI = ['function getReserves() view returns (uint112, uint112, uint32)', 'function token0() view returns (address)'];
const ROUTER_ABI = ['function getAmountsOut(uint256,address[]) view returns (uint256[])', 'function getAmountsIn(uint256,address[]) view returns (uint256[])'];
const ERC20_ABI = ['function balanceOf(address) view returns (uint256)'];`;
/** body runs with `provider`, `pairAt(address)` and `router` in scope. */
const read = (body: string) =>
  returns(
    `const provider = new JsonRpcProvider(providerUrl); const pairAt = (a: string) => new Contract(a, PAIR_ABI, provider); const router = new Contract(deployedContracts.router, ROUTER_ABI, provider);
${body}`,
    READ,
  );
/** Reserves of the swap's pool as [reserve of the input token, reserve of the output token]. */
const inOut = (p: Record<string, any>) =>
  `const pair = pairAt(${json(p.pair.pool)}); const [r0, r1] = await pair.getFunction('getReserves')(); const t0 = (await pair.getFunction('token0')()).toLowerCase();
const [rIn, rOut] = t0 === ${json(p.pair.sellAddress.toLowerCase())} ? [r0, r1] : [r1, r0];`;

export const mutants: MutantTable = {
  query_pair_reserves: [
    {
      kind: 'wrong_answer',
      name: 'reserves swapped',
      script: ({ params }) =>
        read(
          `const pair = pairAt(${json(params.pair.pool)}); const [r0, r1] = await pair.getFunction('getReserves')(); return { answer: { reserve0: r1.toString(), reserve1: r0.toString(), token0: await pair.getFunction('token0')() } };`,
        ),
    },
    {
      kind: 'wrong_answer',
      name: 'reserves in whole tokens',
      script: ({ params }) =>
        read(
          `const pair = pairAt(${json(params.pair.pool)}); const [r0, r1] = await pair.getFunction('getReserves')(); return { answer: { reserve0: formatUnits(r0, 18), reserve1: formatUnits(r1, 18), token0: await pair.getFunction('token0')() } };`,
        ),
    },
    {
      kind: 'wrong_answer',
      name: 'a bare array instead of the object',
      script: ({ params }) =>
        read(
          `const [r0, r1] = await pairAt(${json(params.pair.pool)}).getFunction('getReserves')(); return { answer: [r0.toString(), r1.toString()] };`,
        ),
    },
    {
      kind: 'wrong_answer',
      name: 'reserves of the wrong pool',
      script: ({ params }) =>
        read(`const other = ${json(params.pair.pool)}.toLowerCase() === deployedContracts.pair_USDT_BUSD.toLowerCase() ? deployedContracts.pair_WBNB_USDT : deployedContracts.pair_USDT_BUSD;
const pair = pairAt(other); const [r0, r1] = await pair.getFunction('getReserves')(); return { answer: { reserve0: r0.toString(), reserve1: r1.toString(), token0: await pair.getFunction('token0')() } };`),
    },
    // Reserves right, token0 left out: most of the question answered.
    {
      kind: 'wrong_answer',
      name: 'omits token0',
      maxScore: 70,
      script: ({ params }) =>
        read(
          `const [r0, r1] = await pairAt(${json(params.pair.pool)}).getFunction('getReserves')(); return { answer: { reserve0: r0.toString(), reserve1: r1.toString() } };`,
        ),
    },
  ],
  query_swap_output_amount: [
    {
      kind: 'wrong_answer',
      name: 'output in whole tokens',
      script: ({ params }) =>
        read(
          `const q = await router.getFunction('getAmountsOut')(parseUnits(${json(params.amount)}, 18), [${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]); return { answer: formatUnits(q[1], 18) };`,
        ),
    },
    {
      kind: 'wrong_answer',
      name: "Uniswap V2's 0.30 % fee instead of PancakeSwap's 0.25 %",
      script: ({ params }) =>
        read(
          `${inOut(params)} const x = parseUnits(${json(params.amount)}, 18) * 997n; return { answer: (x * rOut / (rIn * 1000n + x)).toString() };`,
        ),
    },
    {
      kind: 'wrong_answer',
      name: 'spot price, no fee or price impact',
      script: ({ params }) => read(`${inOut(params)} return { answer: (parseUnits(${json(params.amount)}, 18) * rOut / rIn).toString() };`),
    },
    {
      kind: 'wrong_function',
      name: 'getAmountsIn instead of getAmountsOut',
      script: ({ params }) =>
        read(
          `const q = await router.getFunction('getAmountsIn')(parseUnits(${json(params.amount)}, 18), [${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]); return { answer: q[0].toString() };`,
        ),
    },
  ],
  query_swap_input_amount: [
    {
      kind: 'wrong_function',
      name: 'getAmountsOut instead of getAmountsIn',
      script: ({ params }) =>
        read(
          `const q = await router.getFunction('getAmountsOut')(parseUnits(${json(params.amount)}, 18), [${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]); return { answer: q[1].toString() };`,
        ),
    },
    {
      kind: 'wrong_answer',
      name: 'input in whole tokens',
      script: ({ params }) =>
        read(
          `const q = await router.getFunction('getAmountsIn')(parseUnits(${json(params.amount)}, 18), [${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]); return { answer: formatUnits(q[0], 18) };`,
        ),
    },
    {
      kind: 'wrong_answer',
      name: 'answers the output end of the amounts array',
      script: ({ params }) =>
        read(
          `const q = await router.getFunction('getAmountsIn')(parseUnits(${json(params.amount)}, 18), [${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]); return { answer: q[q.length - 1].toString() };`,
        ),
    },
    {
      kind: 'wrong_answer',
      name: "Uniswap V2's 0.30 % fee instead of PancakeSwap's 0.25 %",
      script: ({ params }) =>
        read(
          `${inOut(params)} const out = parseUnits(${json(params.amount)}, 18); return { answer: (rIn * out * 1000n / ((rOut - out) * 997n) + 1n).toString() };`,
        ),
    },
  ],
};
