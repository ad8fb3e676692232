import type { Address } from 'viem';
import { callsFunction, defineValidator, nftCount, noOtherNftLeft, ownersOf, ownsRequestedNft, succeeded } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'erc721_safe_transfer'>;
type State = { owners: Address[]; agentCount: bigint };

// The agent starts with Pancake Squad ids 1-3.
const IDS = [1n, 2n, 3n];

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.pancake_squad,
  observe: async ({ chain, env, agent }) => ({
    owners: await ownersOf(chain, env.pancake_squad, IDS),
    agentCount: await nftCount(chain, env.pancake_squad, agent),
  }),
  checks: [
    succeeded(10, 'call to the Pancake Squad contract succeeded'),
    // Either overload is a safe transfer; a plain transferFrom moves the NFT but skips the receiver check the request asked for.
    callsFunction(25, 'safeTransferFrom(address,address,uint256)', 'safeTransferFrom(address,address,uint256,bytes)'),
    ownsRequestedNft(50),
    noOtherNftLeft(15, IDS),
  ],
});
