import type { Address } from 'viem';
import { callsFunction, defineValidator, nftCount, noOtherNftLeft, ownersOf, ownsRequestedNft, succeeded } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'erc721_transfer'>;
type State = { owners: Address[]; agentCount: bigint };

// The agent starts with Quest Squad ids 1-10; watching all of them catches a transfer of the wrong id.
const IDS = Array.from({ length: 10 }, (_, i) => BigInt(i + 1));

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.erc721_token,
  observe: async ({ chain, env, agent }) => ({
    owners: await ownersOf(chain, env.erc721_token, IDS),
    agentCount: await nftCount(chain, env.erc721_token, agent),
  }),
  checks: [
    succeeded(10, 'call to the Quest Squad contract succeeded'),
    callsFunction(15, 'transferFrom(address,address,uint256)'),
    // The dominant check: the NFT has to be in the recipient's hands.
    ownsRequestedNft(55),
    noOtherNftLeft(20, IDS),
  ],
});
