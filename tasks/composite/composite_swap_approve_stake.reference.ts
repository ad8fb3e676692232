import { parseEther } from 'viem';
import {
  approve,
  defineCompositeReference,
  read,
  receivedInLatestBlock,
  script,
  stake,
  submit,
  swapExactBnb,
} from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_swap_approve_stake'>, env) => ({
  plan: '1. swapExactETHForTokens WBNB -> CAKE with the slippage floor.\n2. approve(simple_staking, CAKE received), read from the swap receipt.\n3. stake(that amount).\nThen submit.',
  rounds: [
    script(swapExactBnb, { amount: parseEther(params.amount_bnb), path: [env.WBNB, env.CAKE], slippage: params.slippage, deadline: 600 }),
    // The CAKE bought: the swap's Transfer to the wallet in the latest block.
    script(approve, { token: env.CAKE, spender: env.simple_staking, amount: read(receivedInLatestBlock, { token: env.CAKE }) }),
    script(stake, {
      pool: env.simple_staking,
      // The allowance just granted is exactly the CAKE bought.
      amount: read(
        async (
          { ethers: { Contract, JsonRpcProvider }, providerUrl, agentAddress },
          a: { token: string; spender: string },
        ): Promise<bigint> => {
          const token = new Contract(
            a.token,
            ['function allowance(address, address) view returns (uint256)'],
            new JsonRpcProvider(providerUrl),
          );
          return token.getFunction('allowance')(agentAddress, a.spender);
        },
        { token: env.CAKE, spender: env.simple_staking },
      ),
    }),
    submit(),
  ],
}));
