import { parseEther, type Address } from 'viem';
import { approve, defineCompositeReference, script, submit, wrap } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_wrap_add_liquidity'>, env) => {
  const amount = parseEther(params.amount_bnb);
  return {
    plan: '1. WBNB.deposit() with the BNB.\n2. WBNB.approve(router, amount).\n3. addLiquidity(WBNB, USDT, amount, USDT at the reserve ratio, mins, me).\nThen submit.',
    rounds: [
      script(wrap, { amount }),
      script(approve, { token: env.WBNB, spender: env.router, amount }),
      script(
        async (
          { viem: { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi }, providerUrl, agentAddress, deployedContracts },
          a,
        ) => {
          const client = createPublicClient({ transport: http(providerUrl) });
          const { WBNB: wbnb, USDT: usdt, pair_WBNB_USDT: pair, router } = deployedContracts;
          const pooled = (token: Address) =>
            client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [pair] });
          // The USDT side at the pool's reserve ratio.
          const amountU = (a.amount * (await pooled(usdt))) / (await pooled(wbnb));
          const keep = BigInt(100 - a.slippage);
          const { timestamp } = await client.getBlock();
          const abi = parseAbi([
            'function addLiquidity(address, address, uint256, uint256, uint256, uint256, address, uint256) returns (uint256, uint256, uint256)',
          ]);
          const args = [
            wbnb,
            usdt,
            a.amount,
            amountU,
            (a.amount * keep) / 100n,
            (amountU * keep) / 100n,
            agentAddress,
            timestamp + 600n,
          ] as const;
          return { to: router, data: encodeFunctionData({ abi, functionName: 'addLiquidity', args }) };
        },
        { amount, slippage: params.slippage },
      ),
      submit(),
    ],
  };
});
