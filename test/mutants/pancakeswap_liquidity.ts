import { json, returns, type MutantTable } from './types.ts';

const DEAD = '0x000000000000000000000000000000000000dEaD';
const LIQ = `import { Contract, JsonRpcProvider, parseUnits } from 'ethers';
const ROUTER_ABI = [
  'function addLiquidity(address,address,uint256,uint256,uint256,uint256,address,uint256)',
  'function addLiquidityETH(address,uint256,uint256,uint256,address,uint256) payable',
  'function removeLiquidity(address,address,uint256,uint256,uint256,address,uint256)',
  'function removeLiquidityETH(address,uint256,uint256,uint256,address,uint256)',
];
const ERC20_ABI = ['function balanceOf(address) view returns (uint256)'];`;
/** body runs with `router`, `provider`, `lpOf(pair)` (the agent's LP balance) and `D` (a far deadline) in scope. */
const liq = (body: string) =>
  returns(
    `const provider = new JsonRpcProvider(providerUrl); const router = new Contract(deployedContracts.router, ROUTER_ABI, provider); const D = 4000000000n;
const lpOf = (pair: string): Promise<bigint> => new Contract(pair, ERC20_ABI, provider).getFunction('balanceOf')(agentAddress);
${body}`,
    LIQ,
  );
const enc = (fn: string, args: string, value = '') =>
  `return { to: deployedContracts.router, data: router.interface.encodeFunctionData(${json(fn)}, [${args}])${value ? `, value: ${value}` : ''} };`;
/** Scales an amount expression down to its slippage minimum. */
const pct = (slippage: number) => `* ${100 - slippage}n / 100n`;

type P = Record<string, any>;
/** addLiquidityETH with the request's amounts and slippage minimums, with parts swapped out. */
const addEth = (p: P, o: { token?: string; usdtDecimals?: number; to?: string; zeroMins?: boolean } = {}) => {
  const usdt = `parseUnits(${json(p.usdt)}, ${o.usdtDecimals ?? 18})`;
  const bnb = `parseUnits(${json(p.bnb)}, 18)`;
  const mins = o.zeroMins ? '0n, 0n' : `${usdt} ${pct(p.slippage)}, ${bnb} ${pct(p.slippage)}`;
  return liq(enc('addLiquidityETH', `${o.token ?? 'deployedContracts.USDT'}, ${usdt}, ${mins}, ${o.to ?? 'agentAddress'}, D`, bnb));
};
const addTokens = (p: P, o: { other?: string; decimals?: number; to?: string; zeroMins?: boolean } = {}) => {
  const amt = `parseUnits(${json(p.amount)}, ${o.decimals ?? 18})`;
  const min = o.zeroMins ? '0n' : `${amt} ${pct(p.slippage)}`;
  return liq(
    enc(
      'addLiquidity',
      `deployedContracts.USDT, ${o.other ?? 'deployedContracts.BUSD'}, ${amt}, ${amt}, ${min}, ${min}, ${o.to ?? 'agentAddress'}, D`,
    ),
  );
};

export const mutants: MutantTable = {
  add_liquidity_bnb_token: [
    { kind: 'wrong_recipient', name: 'LP tokens minted to another address', script: ({ params }) => addEth(params, { to: json(DEAD) }) },
    {
      kind: 'wrong_token',
      name: 'pairs the BNB with BUSD instead of USDT',
      script: ({ params }) => addEth(params, { token: 'deployedContracts.BUSD' }),
    },
    {
      kind: 'wrong_amount',
      name: 'USDT amount with 6 decimals',
      script: ({ params }) => addEth(params, { usdtDecimals: 6, zeroMins: true }),
    },
    {
      kind: 'wrong_function',
      name: 'deposits WBNB with addLiquidity instead of native BNB',
      script: ({ params }) => {
        const usdt = `parseUnits(${json(params.usdt)}, 18)`;
        const bnb = `parseUnits(${json(params.bnb)}, 18)`;
        return liq(
          enc(
            'addLiquidity',
            `deployedContracts.WBNB, deployedContracts.USDT, ${bnb}, ${usdt}, ${bnb} ${pct(params.slippage)}, ${usdt} ${pct(params.slippage)}, agentAddress, D`,
          ),
        );
      },
    },
    {
      kind: 'wrong_amount',
      name: 'no slippage protection (minimums 0)',
      maxScore: 85,
      script: ({ params }) => addEth(params, { zeroMins: true }),
    },
  ],
  add_liquidity_tokens: [
    { kind: 'wrong_recipient', name: 'LP tokens minted to another address', script: ({ params }) => addTokens(params, { to: json(DEAD) }) },
    { kind: 'wrong_amount', name: 'amounts with 6 decimals', script: ({ params }) => addTokens(params, { decimals: 6 }) },
    {
      kind: 'wrong_token',
      name: 'pairs USDT with CAKE instead of BUSD',
      script: ({ params }) => addTokens(params, { other: 'deployedContracts.CAKE', zeroMins: true }),
    },
    {
      kind: 'wrong_function',
      name: 'adds USDT with BNB through addLiquidityETH',
      script: ({ params }) =>
        liq(
          enc(
            'addLiquidityETH',
            `deployedContracts.USDT, parseUnits(${json(params.amount)}, 18), 0n, 0n, agentAddress, D`,
            `parseUnits(${json(params.amount)}, 18) / 600n`,
          ),
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'no slippage protection (minimums 0)',
      maxScore: 85,
      script: ({ params }) => addTokens(params, { zeroMins: true }),
    },
  ],
  remove_liquidity_bnb_token: [
    {
      kind: 'wrong_recipient',
      name: 'BNB and USDT sent to another address',
      script: ({ params }) =>
        liq(
          `const lp = await lpOf(deployedContracts.pair_WBNB_USDT); ${enc('removeLiquidityETH', `deployedContracts.USDT, lp * ${params.percent}n / 100n, 0n, 0n, ${json(DEAD)}, D`)}`,
        ),
    },
    {
      kind: 'wrong_function',
      name: 'removeLiquidity: gets WBNB instead of BNB',
      script: ({ params }) =>
        liq(
          `const lp = await lpOf(deployedContracts.pair_WBNB_USDT); ${enc('removeLiquidity', `deployedContracts.WBNB, deployedContracts.USDT, lp * ${params.percent}n / 100n, 0n, 0n, agentAddress, D`)}`,
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'removes the whole position',
      script: () =>
        liq(
          `const lp = await lpOf(deployedContracts.pair_WBNB_USDT); ${enc('removeLiquidityETH', 'deployedContracts.USDT, lp, 0n, 0n, agentAddress, D')}`,
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'percentage read as per-mille',
      script: ({ params }) =>
        liq(
          `const lp = await lpOf(deployedContracts.pair_WBNB_USDT); ${enc('removeLiquidityETH', `deployedContracts.USDT, lp * ${params.percent}n / 1000n, 0n, 0n, agentAddress, D`)}`,
        ),
    },
    {
      kind: 'reverted',
      name: 'deadline already passed',
      script: ({ params }) =>
        liq(
          `const lp = await lpOf(deployedContracts.pair_WBNB_USDT); ${enc('removeLiquidityETH', `deployedContracts.USDT, lp * ${params.percent}n / 100n, 0n, 0n, agentAddress, 1n`)}`,
        ),
    },
  ],
  remove_liquidity_tokens: [
    {
      kind: 'wrong_recipient',
      name: 'USDT and BUSD sent to another address',
      script: ({ params }) =>
        liq(
          `const lp = await lpOf(deployedContracts.pair_USDT_BUSD); ${enc('removeLiquidity', `deployedContracts.USDT, deployedContracts.BUSD, lp * ${params.percent}n / 100n, 0n, 0n, ${json(DEAD)}, D`)}`,
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'removes the whole position',
      script: () =>
        liq(
          `const lp = await lpOf(deployedContracts.pair_USDT_BUSD); ${enc('removeLiquidity', 'deployedContracts.USDT, deployedContracts.BUSD, lp, 0n, 0n, agentAddress, D')}`,
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'percentage of one LP token instead of the balance',
      script: ({ params }) =>
        liq(
          enc(
            'removeLiquidity',
            `deployedContracts.USDT, deployedContracts.BUSD, parseUnits("1", 18) * ${params.percent}n / 100n, 0n, 0n, agentAddress, D`,
          ),
        ),
    },
    {
      kind: 'wrong_token',
      name: 'removes from the WBNB/USDT pool instead',
      script: ({ params }) =>
        liq(
          `const lp = await lpOf(deployedContracts.pair_WBNB_USDT); ${enc('removeLiquidity', `deployedContracts.WBNB, deployedContracts.USDT, lp * ${params.percent}n / 100n, 0n, 0n, agentAddress, D`)}`,
        ),
    },
  ],
};
