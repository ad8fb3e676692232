import { answerIsUint, defineValidator, reportsUint } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'query_current_block_number'>;
type State = { block: bigint };

export default defineValidator<Params, State>({
  kind: 'query',
  // Every instance starts at the same snapshot height; a random number of extra blocks makes the
  // height something only a chain read can tell.
  setup: async ({ chain, params }) => {
    await chain.test.mine({ blocks: params.mined });
  },
  observe: async ({ chain }) => ({ block: await chain.getBlockNumber({ cacheTime: 0 }) }),
  checks: [
    answerIsUint('answer is a whole number', 20),
    // Nothing is mined between the script's read and this one, so the height must match exactly.
    reportsUint('answer equals the latest block number', 80, {
      compare: (v, { post }) => ({ pass: v === post.block, detail: `answered ${v}, latest block is ${post.block}` }),
    }),
  ],
});
