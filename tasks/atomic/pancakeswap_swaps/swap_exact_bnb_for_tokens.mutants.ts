import { json, returns, type Mutant } from '../../../src/tasks/mutants.ts';
import { quoting } from './_mutant-helpers.ts';

const ROUTER = `import { Interface, parseEther } from 'ethers';
const router = new Interface(['function swapExactETHForTokens(uint256,address[],address,uint256)', 'function swapETHForExactTokens(uint256,address[],address,uint256)']);`;

export const mutants: Mutant[] = [
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
  {
    // Right on BSC, where the pair keeps 0.25 %: the swap pays exactly that. Base's Uniswap V2 keeps 0.3 %.
    kind: 'wrong_amount',
    name: "amountOutMin worked out by hand at PancakeSwap's 0.25 % fee, no margin",
    chains: ['base'],
    script: ({ params }) =>
      quoting(
        `const value = parseUnits(${json(params.amount)}, 18); const path = [deployedContracts.WBNB, ${json(params.token.address)}]; const min = await pancakeOut(value, path);
return { to: deployedContracts.router, value, data: new Interface(['function swapExactETHForTokens(uint256,address[],address,uint256)']).encodeFunctionData('swapExactETHForTokens', [min, path, agentAddress, D]) };`,
      ),
  },
];
