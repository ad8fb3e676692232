import { json, returns, type Mutant } from '../../../src/tasks/mutants.ts';
import { ERC20 } from './_mutant-helpers.ts';

/** A token other than the asked one (all share 18 decimals on BSC; on Base the other may be the 6-decimal USDC). */
const otherToken = (params: Record<string, any>, env: Record<string, string>) =>
  json(params.token.address === env.WBNB ? env.USDT : env.WBNB);

export const mutants: Mutant[] = [
  {
    kind: 'wrong_answer',
    name: 'answers in whole tokens',
    script: ({ params }) =>
      returns(`const m = await meta(${json(params.token.address)}, providerUrl); return { answer: formatUnits(m.supply, 18) };`, ERC20),
  },
  {
    kind: 'wrong_token',
    name: 'reads a different token',
    script: ({ params, env }) =>
      returns(`const m = await meta(${otherToken(params, env)}, providerUrl); return { answer: m.supply.toString() };`, ERC20),
  },
  {
    kind: 'wrong_answer',
    name: "answers the wallet's balance",
    script: ({ params }) =>
      returns(
        `const m = await meta(${json(params.token.address)}, providerUrl); return { answer: (await m.t.getFunction('balanceOf')(agentAddress)).toString() };`,
        ERC20,
      ),
  },
  // An 18-decimal supply is past 2^53, so the number is rounded; Base's 6-decimal USDC supply is a safe integer, and right.
  {
    kind: 'wrong_answer',
    name: 'answers a float number',
    chains: ['bsc'],
    script: ({ params }) =>
      returns(`const m = await meta(${json(params.token.address)}, providerUrl); return { answer: Number(m.supply) };`, ERC20),
  },
  {
    kind: 'wrong_answer',
    name: 'answers the supply as a hex string',
    script: ({ params }) =>
      returns(`const m = await meta(${json(params.token.address)}, providerUrl); return { answer: '0x' + m.supply.toString(16) };`, ERC20),
  },
];
