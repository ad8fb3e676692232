import { json, returns, type Mutant } from '../../../src/tasks/mutants.ts';
import { ERC20 } from './_mutant-helpers.ts';

/** A token other than the asked one (all share 18 decimals on BSC; on Base the other may be the 6-decimal USDC). */
const otherToken = (params: Record<string, any>, env: Record<string, string>) =>
  json(params.token.address === env.WBNB ? env.USDT : env.WBNB);

export const mutants: Mutant[] = [
  {
    kind: 'wrong_answer',
    name: 'totalSupply in whole tokens',
    script: ({ params }) =>
      returns(
        `const m = await meta(${json(params.token.address)}, providerUrl); return { answer: { name: m.name, symbol: m.symbol, decimals: m.decimals, totalSupply: formatUnits(m.supply, m.decimals) } };`,
        ERC20,
      ),
  },
  // Right on Base when the token asked for is USDC (6 decimals): a mistake on BSC, where every token here has 18.
  {
    kind: 'wrong_answer',
    name: 'assumes 6 decimals',
    chains: ['bsc'],
    script: ({ params }) =>
      returns(
        `const m = await meta(${json(params.token.address)}, providerUrl); return { answer: { name: m.name, symbol: m.symbol, decimals: 6, totalSupply: m.supply.toString() } };`,
        ERC20,
      ),
  },
  {
    kind: 'wrong_token',
    name: 'reads a different token',
    script: ({ params, env }) =>
      returns(
        `const m = await meta(${otherToken(params, env)}, providerUrl); return { answer: { name: m.name, symbol: m.symbol, decimals: m.decimals, totalSupply: m.supply.toString() } };`,
        ERC20,
      ),
  },
  {
    kind: 'wrong_answer',
    name: "answers the wallet's balance as the supply",
    script: ({ params }) =>
      returns(
        `const m = await meta(${json(params.token.address)}, providerUrl); const b = await m.t.getFunction('balanceOf')(agentAddress); return { answer: { name: m.name, symbol: m.symbol, decimals: m.decimals, totalSupply: b.toString() } };`,
        ERC20,
      ),
  },
  {
    kind: 'wrong_answer',
    name: 'snake_case total_supply key',
    script: ({ params }) =>
      returns(
        `const m = await meta(${json(params.token.address)}, providerUrl); return { answer: { name: m.name, symbol: m.symbol, decimals: m.decimals, total_supply: m.supply.toString() } };`,
        ERC20,
      ),
  },
  // The name is a label: leaving it out costs its points and the shape check, and still passes.
  {
    kind: 'wrong_answer',
    name: 'omits the name',
    maxScore: 80,
    script: ({ params }) =>
      returns(
        `const m = await meta(${json(params.token.address)}, providerUrl); return { answer: { symbol: m.symbol, decimals: m.decimals, totalSupply: m.supply.toString() } };`,
        ERC20,
      ),
  },
];
