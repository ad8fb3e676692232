import { answerIsUint, defineValidator, reportsUint } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'query_gas_price'>;
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
    answerIsUint('answer is a wei amount', 20),
    // No block is mined between the script's read and this one, so the quote is unchanged.
    reportsUint("answer equals the node's gas price", 80, {
      compare: (v, { post }) => ({ pass: v === post.gasPrice, detail: `answered ${v} wei, eth_gasPrice is ${post.gasPrice} wei` }),
    }),
  ],
});
