import { json, returns, type MutantTable } from './types.ts';

const ROUTER = `import { Interface, parseEther } from 'ethers';
const router = new Interface(['function swapExactETHForTokens(uint256,address[],address,uint256)', 'function swapETHForExactTokens(uint256,address[],address,uint256)']);`;

const DEAD = '0x000000000000000000000000000000000000dEaD';
// A script that reads a quote and builds a router call, the way a plausible but wrong answer would.
const QUOTING = `import { Contract, JsonRpcProvider, parseUnits } from 'ethers';
const ROUTER_ABI = [
  'function getAmountsOut(uint256,address[]) view returns (uint256[])',
  'function getAmountsIn(uint256,address[]) view returns (uint256[])',
  'function swapExactTokensForETH(uint256,uint256,address[],address,uint256)',
  'function swapExactTokensForTokens(uint256,uint256,address[],address,uint256)',
  'function swapTokensForExactTokens(uint256,uint256,address[],address,uint256)',
  'function swapTokensForExactETH(uint256,uint256,address[],address,uint256)',
];`;
/** body runs with `router` (a Contract on the read-only provider) and `D` (a far deadline) in scope. */
const quoting = (body: string) =>
  returns(
    `const router = new Contract(deployedContracts.router, ROUTER_ABI, new JsonRpcProvider(providerUrl)); const D = 4000000000n;\n${body}`,
    QUOTING,
  );
const enc = (fn: string, args: string) =>
  `return { to: deployedContracts.router, data: router.interface.encodeFunctionData(${json(fn)}, [${args}]) };`;
/** Exact-input swap whose amountOutMin is 99 % of the live quote for its own path. */
const exactIn = (fn: string, amountIn: string, path: string, to: string) =>
  quoting(
    `const inAmt = ${amountIn}; const path = ${path}; const q = await router.getAmountsOut(inAmt, path); ${enc(fn, `inAmt, q[q.length - 1] * 99n / 100n, path, ${to}, D`)}`,
  );

/** A token other than both sides of the pair, and a path from it to the output (direct where a pool exists). */
const POOLS = new Set(['USDT/BUSD', 'BUSD/USDT', 'USDT/CAKE', 'CAKE/USDT']);
function wrongInput(sell: string, buy: string): string {
  const other = ['USDT', 'BUSD', 'CAKE'].find((t) => t !== sell && t !== buy)!;
  const hops = buy === 'WBNB' || POOLS.has(`${other}/${buy}`) ? [other, buy] : [other, 'WBNB', buy];
  return `[${hops.map((t) => `deployedContracts.${t}`).join(', ')}]`;
}

export const mutants: MutantTable = {
  swap_exact_bnb_for_tokens: [
    {
      kind: 'wrong_amount',
      name: 'no slippage protection (amountOutMin 0)',
      maxScore: 80,
      script: ({ params }) =>
        returns(
          `return { to: deployedContracts.router, value: parseEther(${json(params.amount)}), data: router.encodeFunctionData('swapExactETHForTokens', [0n, [deployedContracts.WBNB, ${json(params.token.address)}], agentAddress, 4000000000n]) };`,
          ROUTER,
        ),
    },
    {
      kind: 'wrong_token',
      name: 'buys WBNB→BUSD/USDT mixed up',
      script: ({ params }) =>
        returns(
          `const other = ${json(params.token.symbol)} === 'USDT' ? deployedContracts.CAKE : deployedContracts.USDT; return { to: deployedContracts.router, value: parseEther(${json(params.amount)}), data: router.encodeFunctionData('swapExactETHForTokens', [0n, [deployedContracts.WBNB, other], agentAddress, 4000000000n]) };`,
          ROUTER,
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'spends 10× the amount',
      script: ({ params }) =>
        returns(
          `return { to: deployedContracts.router, value: parseEther(${json(params.amount)}) * 10n, data: router.encodeFunctionData('swapExactETHForTokens', [1n, [deployedContracts.WBNB, ${json(params.token.address)}], agentAddress, 4000000000n]) };`,
          ROUTER,
        ),
    },
    {
      kind: 'wrong_recipient',
      name: 'sends the output to another address',
      script: ({ params }) =>
        returns(
          `return { to: deployedContracts.router, value: parseEther(${json(params.amount)}), data: router.encodeFunctionData('swapExactETHForTokens', [1n, [deployedContracts.WBNB, ${json(params.token.address)}], '0x000000000000000000000000000000000000dEaD', 4000000000n]) };`,
          ROUTER,
        ),
    },
  ],
  swap_exact_tokens_for_bnb: [
    {
      kind: 'wrong_recipient',
      name: 'BNB goes to another address',
      script: ({ params }) =>
        exactIn(
          'swapExactTokensForETH',
          `parseUnits(${json(params.amount)}, 18)`,
          `[${json(params.token.address)}, deployedContracts.WBNB]`,
          json(DEAD),
        ),
    },
    {
      kind: 'wrong_function',
      name: 'swaps into WBNB instead of native BNB',
      script: ({ params }) =>
        exactIn(
          'swapExactTokensForTokens',
          `parseUnits(${json(params.amount)}, 18)`,
          `[${json(params.token.address)}, deployedContracts.WBNB]`,
          'agentAddress',
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'amount with 6 decimals',
      script: ({ params }) =>
        exactIn(
          'swapExactTokensForETH',
          `parseUnits(${json(params.amount)}, 6)`,
          `[${json(params.token.address)}, deployedContracts.WBNB]`,
          'agentAddress',
        ),
    },
    {
      kind: 'wrong_token',
      name: 'sells a different token',
      script: ({ params }) =>
        exactIn(
          'swapExactTokensForETH',
          `parseUnits(${json(params.amount)}, 18)`,
          `[deployedContracts.${params.token.symbol === 'USDT' ? 'BUSD' : 'USDT'}, deployedContracts.WBNB]`,
          'agentAddress',
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'no slippage protection (amountOutMin 0)',
      maxScore: 92,
      script: ({ params }) =>
        quoting(
          enc(
            'swapExactTokensForETH',
            `parseUnits(${json(params.amount)}, 18), 0n, [${json(params.token.address)}, deployedContracts.WBNB], agentAddress, D`,
          ),
        ),
    },
  ],
  swap_exact_tokens_for_tokens: [
    {
      kind: 'wrong_recipient',
      name: 'output goes to another address',
      script: ({ params }) =>
        exactIn(
          'swapExactTokensForTokens',
          `parseUnits(${json(params.amount)}, 18)`,
          `[${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]`,
          json(DEAD),
        ),
    },
    {
      kind: 'wrong_token',
      name: 'buys WBNB instead of the requested token',
      script: ({ params }) =>
        exactIn(
          'swapExactTokensForTokens',
          `parseUnits(${json(params.amount)}, 18)`,
          `[${json(params.pair.sellAddress)}, deployedContracts.WBNB]`,
          'agentAddress',
        ),
    },
    {
      kind: 'wrong_token',
      name: 'swaps in the opposite direction',
      script: ({ params }) =>
        exactIn(
          'swapExactTokensForTokens',
          `parseUnits(${json(params.amount)}, 18)`,
          `[${json(params.pair.buyAddress)}, ${json(params.pair.sellAddress)}]`,
          'agentAddress',
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'amount with 6 decimals',
      script: ({ params }) =>
        exactIn(
          'swapExactTokensForTokens',
          `parseUnits(${json(params.amount)}, 6)`,
          `[${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]`,
          'agentAddress',
        ),
    },
    {
      kind: 'wrong_token',
      name: 'sells a third token for the output',
      script: ({ params }) =>
        exactIn(
          'swapExactTokensForTokens',
          `parseUnits(${json(params.amount)}, 18)`,
          wrongInput(params.pair.sell, params.pair.buy),
          'agentAddress',
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'no slippage protection (amountOutMin 0)',
      maxScore: 92,
      script: ({ params }) =>
        quoting(
          enc(
            'swapExactTokensForTokens',
            `parseUnits(${json(params.amount)}, 18), 0n, [${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}], agentAddress, D`,
          ),
        ),
    },
  ],
  swap_tokens_for_exact_tokens: [
    {
      kind: 'wrong_function',
      name: 'sells the amount as an exact input instead',
      script: ({ params }) =>
        exactIn(
          'swapExactTokensForTokens',
          `parseUnits(${json(params.amount)}, 18)`,
          `[${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]`,
          'agentAddress',
        ),
    },
    {
      kind: 'wrong_recipient',
      name: 'exact output delivered to another address',
      script: ({ params }) =>
        quoting(
          `const out = parseUnits(${json(params.amount)}, 18); const path = [${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]; const q = await router.getAmountsIn(out, path); ${enc('swapTokensForExactTokens', `out, q[0] * ${100 + params.slippage}n / 100n, path, ${json(DEAD)}, D`)}`,
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'output ×10',
      script: ({ params }) =>
        quoting(
          `const out = parseUnits(${json(params.amount)}, 19); const path = [${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]; const q = await router.getAmountsIn(out, path); ${enc('swapTokensForExactTokens', `out, q[0] * ${100 + params.slippage}n / 100n, path, agentAddress, D`)}`,
        ),
    },
    {
      kind: 'wrong_token',
      name: 'buys the token it should pay with',
      script: ({ params }) =>
        quoting(
          `const out = parseUnits(${json(params.amount)}, 18); const path = [${json(params.pair.buyAddress)}, ${json(params.pair.sellAddress)}]; const q = await router.getAmountsIn(out, path); ${enc('swapTokensForExactTokens', `out, q[0] * ${100 + params.slippage}n / 100n, path, agentAddress, D`)}`,
        ),
    },
    {
      kind: 'wrong_token',
      name: 'pays with a third token',
      script: ({ params }) =>
        quoting(
          `const out = parseUnits(${json(params.amount)}, 18); const path = ${wrongInput(params.pair.sell, params.pair.buy)}; const q = await router.getAmountsIn(out, path); ${enc('swapTokensForExactTokens', `out, q[0] * ${100 + params.slippage}n / 100n, path, agentAddress, D`)}`,
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'no input cap (amountInMax = whole balance)',
      maxScore: 92,
      script: ({ params }) =>
        quoting(
          `${enc('swapTokensForExactTokens', `parseUnits(${json(params.amount)}, 18), parseUnits("200", 18), [${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}], agentAddress, D`)}`,
        ),
    },
  ],
  swap_multihop_routing: [
    {
      kind: 'wrong_function',
      name: 'ignores the route: CAKE → USDT → BUSD',
      script: ({ params }) =>
        exactIn(
          'swapExactTokensForTokens',
          `parseUnits(${json(params.amount)}, 18)`,
          '[deployedContracts.CAKE, deployedContracts.USDT, deployedContracts.BUSD]',
          'agentAddress',
        ),
    },
    {
      kind: 'wrong_function',
      name: 'ignores the route: CAKE → WBNB → BUSD',
      script: ({ params }) =>
        exactIn(
          'swapExactTokensForTokens',
          `parseUnits(${json(params.amount)}, 18)`,
          '[deployedContracts.CAKE, deployedContracts.WBNB, deployedContracts.BUSD]',
          'agentAddress',
        ),
    },
    {
      kind: 'wrong_recipient',
      name: 'right route, BUSD to another address',
      script: ({ params }) =>
        exactIn(
          'swapExactTokensForTokens',
          `parseUnits(${json(params.amount)}, 18)`,
          '[deployedContracts.CAKE, deployedContracts.WBNB, deployedContracts.USDT, deployedContracts.BUSD]',
          json(DEAD),
        ),
    },
    {
      kind: 'wrong_token',
      name: 'stops at USDT',
      script: ({ params }) =>
        exactIn(
          'swapExactTokensForTokens',
          `parseUnits(${json(params.amount)}, 18)`,
          '[deployedContracts.CAKE, deployedContracts.WBNB, deployedContracts.USDT]',
          'agentAddress',
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'amount with 6 decimals',
      script: ({ params }) =>
        exactIn(
          'swapExactTokensForTokens',
          `parseUnits(${json(params.amount)}, 6)`,
          '[deployedContracts.CAKE, deployedContracts.WBNB, deployedContracts.USDT, deployedContracts.BUSD]',
          'agentAddress',
        ),
    },
  ],
};
