import {
  defineCompositeReference,
  read,
  receivedInLatestBlock,
  script,
  submit,
  swapExactTokens,
  unwrap,
  tokenAmount,
} from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_swap_unwrap_bnb'>, env) => ({
  plan: '1. swapExactTokensForTokens USDT -> WBNB.\n2. WBNB.withdraw(the WBNB the swap paid), read from its receipt.\nThen submit.',
  rounds: [
    script(swapExactTokens, {
      amountIn: read(tokenAmount, { token: env.USDT, amount: params.amount_in }),
      path: [env.USDT, env.WBNB],
      slippage: 1,
    }),
    // The WBNB bought: the swap's Transfer to the wallet in the latest block.
    script(unwrap, { amount: read(receivedInLatestBlock, { token: env.WBNB }) }),
    submit(),
  ],
}));
