import { createPublicClient, http, parseAbi, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'query_pair_reserves'>;

const PAIR = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function token0() view returns (address)',
]);
const FACTORY = parseAbi(['function getPair(address tokenA, address tokenB) view returns (address)']);

export async function executeSkill(providerUrl: string, _agent: Address, deployedContracts: TaskContracts<'query_pair_reserves'>) {
  const client = createPublicClient({ transport: http(providerUrl) });
  // Resolve the pair from its two tokens, as a user naming "WBNB/USDT" would expect.
  const [symbolA, symbolB] = PARAMS.pair.name.split('/') as [string, string];
  const [tokenA, tokenB] = [deployedContracts[symbolA], deployedContracts[symbolB]];
  if (!tokenA || !tokenB) throw new Error(`no ${PARAMS.pair.name} tokens in the address map`);
  const pair = await client.readContract({
    address: deployedContracts.factory,
    abi: FACTORY,
    functionName: 'getPair',
    args: [tokenA, tokenB],
  });
  const [reserve0, reserve1] = await client.readContract({ address: pair, abi: PAIR, functionName: 'getReserves' });
  const token0 = await client.readContract({ address: pair, abi: PAIR, functionName: 'token0' });
  return { answer: { reserve0: reserve0.toString(), reserve1: reserve1.toString(), token0 } };
}
