import { BSC } from '../tasks/chain-profile.ts';
import { erc20Abi, formatUnits, getAddress, isAddress, parseAbi, type Address, type PublicClient } from 'viem';
import { QuestError } from '../errors.ts';
import type { AddressLookup } from '../tasks/address-map.ts';
import type { Query } from '../episode/round-reply.ts';

const PAIR = parseAbi([
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function getReserves() view returns (uint112, uint112, uint32)',
]);
const POOL = parseAbi(['function stakedOf(address) view returns (uint256)', 'function pendingReward(address) view returns (uint256)']);
const NFT = parseAbi(['function ownerOf(uint256) view returns (address)']);

/** A model's query the chain cannot answer; its message is the model's feedback. */
export class QueryError extends QuestError {
  override name = 'QueryError';
  constructor(message: string) {
    super('QUERY', message);
  }
}

function resolveTarget(env: AddressLookup, v: string): Address {
  if (isAddress(v, { strict: false })) return getAddress(v);
  const a = env[v];
  if (!a) throw new QueryError(`"${v}" is neither an address nor a key of the address map`);
  return a;
}

async function tokenInfo(chain: PublicClient, token: Address) {
  const [decimals, symbol] = await Promise.all([
    chain.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }).catch(() => 18),
    chain.readContract({ address: token, abi: erc20Abi, functionName: 'symbol' }).catch(() => '?'),
  ]);
  return { decimals: Number(decimals), symbol };
}

/** Answers a typed query from chain truth, with raw integers as decimal strings and a formatted value. */
export async function runQuery(
  chain: PublicClient,
  env: AddressLookup,
  q: Query,
  native: { symbol: string; decimals: number } = BSC.native,
): Promise<Record<string, unknown>> {
  const at = (v: string) => resolveTarget(env, v);
  try {
    switch (q.type) {
      case 'native_balance': {
        const raw = await chain.getBalance({ address: at(q.address) });
        const d = native.decimals;
        return {
          type: q.type,
          address: at(q.address),
          raw: raw.toString(),
          decimals: d,
          formatted: formatUnits(raw, d),
          symbol: native.symbol,
        };
      }
      case 'token_balance': {
        const token = at(q.token);
        const [raw, info] = await Promise.all([
          chain.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [at(q.address)] }),
          tokenInfo(chain, token),
        ]);
        return { type: q.type, token, address: at(q.address), raw: raw.toString(), ...info, formatted: formatUnits(raw, info.decimals) };
      }
      case 'allowance': {
        const token = at(q.token);
        const [raw, info] = await Promise.all([
          chain.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [at(q.owner), at(q.spender)] }),
          tokenInfo(chain, token),
        ]);
        return {
          type: q.type,
          token,
          owner: at(q.owner),
          spender: at(q.spender),
          raw: raw.toString(),
          ...info,
          formatted: formatUnits(raw, info.decimals),
        };
      }
      case 'pair_reserves': {
        const pair = at(q.pair);
        const [token0, token1, reserves] = await Promise.all([
          chain.readContract({ address: pair, abi: PAIR, functionName: 'token0' }),
          chain.readContract({ address: pair, abi: PAIR, functionName: 'token1' }),
          chain.readContract({ address: pair, abi: PAIR, functionName: 'getReserves' }),
        ]);
        return {
          type: q.type,
          pair,
          token0,
          token1,
          reserve0: reserves[0].toString(),
          reserve1: reserves[1].toString(),
          blockTimestampLast: reserves[2],
        };
      }
      case 'staked_amount':
      case 'pending_rewards': {
        const fn = q.type === 'staked_amount' ? 'stakedOf' : 'pendingReward';
        const raw = await chain.readContract({ address: at(q.pool), abi: POOL, functionName: fn, args: [at(q.address)] });
        return {
          type: q.type,
          pool: at(q.pool),
          address: at(q.address),
          raw: raw.toString(),
          decimals: 18,
          formatted: formatUnits(raw, 18),
        };
      }
      case 'nft_owner': {
        const owner = await chain.readContract({ address: at(q.nft), abi: NFT, functionName: 'ownerOf', args: [BigInt(q.tokenId)] });
        return { type: q.type, nft: at(q.nft), tokenId: String(q.tokenId), owner };
      }
    }
  } catch (e) {
    if (e instanceof QueryError) throw e;
    throw new QueryError(`query failed: ${((e as { shortMessage?: string }).shortMessage ?? (e as Error).message).split('\n')[0]}`);
  }
}
