import { defineValidator, parseUintAnswer } from 'evm-questbench/validators';

type Params = { mined: number };
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
    {
      name: 'answer is a whole number',
      weight: 20,
      verify: ({ answer }) => {
        const a = parseUintAnswer(answer);
        return 'error' in a ? { pass: false, detail: a.error } : { pass: true, detail: `answered ${a.value}` };
      },
    },
    {
      // Nothing is mined between the script's read and this one, so the height must match exactly.
      name: 'answer equals the latest block number',
      weight: 80,
      verify: ({ answer, post }) => {
        const a = parseUintAnswer(answer);
        if ('error' in a) return { pass: false, detail: a.error };
        return { pass: a.value === post.block, detail: `answered ${a.value}, latest block is ${post.block}` };
      },
    },
  ],
});
