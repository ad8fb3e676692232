// ERC-721 / ERC-1155 readers and the checks NFT transfers and approvals share.
import { parseAbi, type Address, type PublicClient } from 'viem';
import { compareAmount, sameAddress } from './checks.ts';
import type { Check } from './types.ts';

const ERC721 = parseAbi([
  'function ownerOf(uint256 id) view returns (address)',
  'function balanceOf(address owner) view returns (uint256)',
]);
const ERC1155 = parseAbi(['function balanceOf(address account, uint256 id) view returns (uint256)']);

export const ownerOf = (chain: PublicClient, nft: Address, id: bigint) =>
  chain.readContract({ address: nft, abi: ERC721, functionName: 'ownerOf', args: [id] });
export const ownersOf = (chain: PublicClient, nft: Address, ids: readonly bigint[]) =>
  Promise.all(ids.map((id) => ownerOf(chain, nft, id)));
/** How many tokens of an ERC-721 collection `owner` holds. */
export const nftCount = (chain: PublicClient, nft: Address, owner: Address) =>
  chain.readContract({ address: nft, abi: ERC721, functionName: 'balanceOf', args: [owner] });
/** `owner`'s units of ERC-1155 id `id`. */
export const unitsOf = (chain: PublicClient, token: Address, owner: Address, id: bigint) =>
  chain.readContract({ address: token, abi: ERC1155, functionName: 'balanceOf', args: [owner, id] });

/** Both sides of an ERC-1155 transfer of id `id`: `from`'s and `to`'s units. */
export async function unitSides(
  chain: PublicClient,
  token: Address,
  id: bigint,
  from: Address,
  to: Address,
): Promise<{ agent: bigint; recipient: bigint }> {
  return { agent: await unitsOf(chain, token, from, id), recipient: await unitsOf(chain, token, to, id) };
}

/** Owners of the wallet's starting ids 1..n (owners[i] is id i + 1), with its token count. */
type Watched = { owners: Address[] };
type Transfer = { id: number; to: Address };

/** The recipient owns the requested id afterwards. */
export function ownsRequestedNft<P extends Transfer, S extends Watched>(weight: number): Check<P, S> {
  return {
    name: 'recipient owns the requested NFT',
    weight,
    verify: ({ post, params }) => {
      const owner = post.owners[params.id - 1];
      return { pass: sameAddress(owner, params.to), detail: `ownerOf(${params.id}) = ${owner}, expected ${params.to}` };
    },
  };
}

/** Of the watched ids only the requested one moved, and the wallet holds exactly one token fewer. */
export function noOtherNftLeft<P extends Transfer, S extends Watched & { agentCount: bigint }>(
  weight: number,
  ids: readonly bigint[],
): Check<P, S> {
  return {
    name: 'no other NFT left the wallet',
    weight,
    verify: ({ pre, post, params }) => {
      const moved = ids.filter((id, i) => Number(id) !== params.id && !sameAddress(post.owners[i], pre.owners[i]!));
      const pass = moved.length === 0 && pre.agentCount - post.agentCount === 1n;
      return { pass, detail: `wallet holds ${post.agentCount} (was ${pre.agentCount}); other ids moved: ${moved.join(', ') || 'none'}` };
    },
  };
}

/** Every watched id is still the wallet's (an approval moves nothing); `unchanged` is the detail when so. */
export function nftsStayed<P, S extends Watched>(weight: number, ids: readonly bigint[], unchanged: string): Check<P, S> {
  return {
    name: 'the NFTs stayed in the wallet',
    weight,
    verify: ({ post, agent }) => {
      const gone = ids.filter((_, i) => !sameAddress(post.owners[i], agent));
      return { pass: gone.length === 0, detail: gone.length ? `ids no longer owned: ${gone.join(', ')}` : unchanged };
    },
  };
}

type Units = { agent: bigint; recipient: bigint };
type UnitTransfer = { id: number; amount: number };
const UNITS = { decimals: 0, symbol: 'units' };

/** An ERC-1155 transfer's recipient gained exactly the requested units of the id. */
export function unitsReceived<P extends UnitTransfer, S extends Units>(weight: number): Check<P, S> {
  return {
    name: 'recipient received exactly the units of the id',
    weight,
    verify: ({ pre, post, params }) =>
      compareAmount(`id ${params.id} received`, post.recipient - pre.recipient, BigInt(params.amount), UNITS),
  };
}

/** The wallet's balance of the id fell by exactly the requested units. */
export function unitsSent<P extends UnitTransfer, S extends Units>(weight: number): Check<P, S> {
  return {
    name: 'wallet balance of the id fell by exactly the units',
    weight,
    verify: ({ pre, post, params }) => compareAmount(`id ${params.id} sent`, pre.agent - post.agent, BigInt(params.amount), UNITS),
  };
}
