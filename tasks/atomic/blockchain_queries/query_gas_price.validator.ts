import { defineValidator, parseUintAnswer } from 'evm-questbench/validators';

type Params = { base_fee: number };
type State = { gasPrice: bigint };

export default defineValidator<Params, State>({
  kind: 'query',
  // anvil quotes eth_gasPrice as the next block's base fee plus a 1 gwei tip, and the base fee is not
  // restored by the chain reset. Planting it makes the answer depend on this instance alone, and a
  // random value means it cannot be guessed. The range matches the base fee this chain has anyway,
  // so later instances (which inherit it) are not affected.
  setup: async ({ chain, params }) => {
    await chain.request('anvil_setNextBlockBaseFeePerGas', [`0x${params.base_fee.toString(16)}`]);
  },
  observe: async ({ chain }) => ({ gasPrice: await chain.getGasPrice() }),
  checks: [
    {
      name: 'answer is a wei amount',
      weight: 20,
      verify: ({ answer }) => {
        const a = parseUintAnswer(answer);
        return 'error' in a ? { pass: false, detail: a.error } : { pass: true, detail: `answered ${a.value}` };
      },
    },
    {
      // No block is mined between the script's read and this one, so the quote is unchanged.
      name: "answer equals the node's gas price",
      weight: 80,
      verify: ({ answer, post }) => {
        const a = parseUintAnswer(answer);
        if ('error' in a) return { pass: false, detail: a.error };
        return { pass: a.value === post.gasPrice, detail: `answered ${a.value} wei, eth_gasPrice is ${post.gasPrice} wei` };
      },
    },
  ],
});
