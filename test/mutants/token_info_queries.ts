import { json, returns, type MutantTable } from './types.ts';

const ERC20 = `import { Contract, JsonRpcProvider, formatUnits } from 'ethers';
const abi = ['function name() view returns (string)', 'function symbol() view returns (string)', 'function decimals() view returns (uint8)', 'function totalSupply() view returns (uint256)', 'function balanceOf(address) view returns (uint256)'];
async function meta(address: string, providerUrl: string) {
  const t = new Contract(address, abi, new JsonRpcProvider(providerUrl));
  const [name, symbol, decimals, supply] = await Promise.all([t.getFunction('name')(), t.getFunction('symbol')(), t.getFunction('decimals')(), t.getFunction('totalSupply')()]);
  return { t, name: name as string, symbol: symbol as string, decimals: Number(decimals), supply: supply as bigint };
}`;
/** A token other than the asked one (all share 18 decimals). */
const otherToken = (params: Record<string, any>, env: Record<string, string>) =>
  json(params.token.address === env.WBNB ? env.USDT : env.WBNB);

export const mutants: MutantTable = {
  query_token_metadata: [
    {
      kind: 'wrong_answer',
      name: 'totalSupply in whole tokens',
      script: ({ params }) =>
        returns(
          `const m = await meta(${json(params.token.address)}, providerUrl); return { answer: { name: m.name, symbol: m.symbol, decimals: m.decimals, totalSupply: formatUnits(m.supply, m.decimals) } };`,
          ERC20,
        ),
    },
    {
      kind: 'wrong_answer',
      name: 'assumes 6 decimals',
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
  ],
  query_token_total_supply: [
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
    {
      kind: 'wrong_answer',
      name: 'answers a float number',
      script: ({ params }) =>
        returns(`const m = await meta(${json(params.token.address)}, providerUrl); return { answer: Number(m.supply) };`, ERC20),
    },
  ],
};
