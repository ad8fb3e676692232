import { parseUnits } from 'viem';
import {
  defineCompositeReference,
  lastQueryResult,
  query,
  read,
  script,
  submit,
  transferToken,
  tokenAmount,
} from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_query_erc20_transfer_verify'>;

export default defineCompositeReference((params: Params, env) => ({
  plan: "1. Query the recipient's USDT balance.\n2. transfer(to, amount) on USDT.\nThen submit the balance plus the amount sent.",
  rounds: [
    query({ type: 'token_balance', token: 'USDT', address: params.to }),
    script(
      async ({ viem: { createPublicClient, encodeFunctionData, erc20Abi, http }, providerUrl, agentAddress, deployedContracts }, a) => {
        const client = createPublicClient({ transport: http(providerUrl) });
        const held = await client.readContract({
          address: deployedContracts.USDT,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [agentAddress],
        });
        if (held < a.amount) throw new Error('not enough USDT');
        return {
          to: deployedContracts.USDT,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [a.to, a.amount] }),
        };
      },
      { to: params.to, amount: read(tokenAmount, { token: env.USDT, amount: params.amount }) },
    ),
    // The queried balance (the planted one) plus the amount sent, in the decimals the query reported.
    (feedback) => {
      const d = Number(lastQueryResult(feedback, { type: 'token_balance' }).decimals);
      return submit({ recipientBalance: (parseUnits(params.planted, d) + parseUnits(params.amount, d)).toString() });
    },
  ],
}));

/** The steps in the order the request asks for them, one round each: send first, then read the recipient's balance and report it. */
export const literal = defineCompositeReference((params: Params) => {
  const { token } = params;
  return {
    plan: `1. transfer(to, amount) on ${token.symbol}.\n2. Query the recipient's ${token.symbol} balance.\nThen submit it.`,
    rounds: [
      script(transferToken, {
        token: token.address,
        to: params.to,
        amount: read(tokenAmount, { token: token.address, amount: params.amount }),
      }),
      query({ type: 'token_balance', token: token.address, address: params.to }),
      (feedback) => submit({ recipientBalance: lastQueryResult(feedback, { type: 'token_balance' }).raw }),
    ],
  };
});
