import { parseUnits } from 'viem';
import { defineCompositeReference, lastQueryResult, lit, query, submit, ts } from 'evm-questbench/composite';

export default defineCompositeReference((params) => ({
  plan: '1. Query the recipient\'s USDT balance.\n2. transfer(to, amount) on USDT.\nThen submit the balance plus the amount sent.',
  rounds: [
    query({ type: 'token_balance', token: 'USDT', address: params.to }),
    ts(
      `const client = createPublicClient({ transport: http(providerUrl) });
  const amount = parseUnits(${lit(params.amount)}, 18);
  const held = await client.readContract({ address: deployedContracts.USDT as \`0x\${string}\`, abi: erc20Abi, functionName: 'balanceOf', args: [agentAddress as \`0x\${string}\`] });
  if (held < amount) throw new Error('not enough USDT');
  return { to: deployedContracts.USDT, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [${lit(params.to)}, amount] }) };`,
      "import { createPublicClient, encodeFunctionData, erc20Abi, http, parseUnits } from 'viem';",
    ),
    // The queried balance (the planted one) plus the amount sent.
    submit({ recipientBalance: (parseUnits(params.planted as string, 18) + parseUnits(params.amount as string, 18)).toString() }),
  ],
}));

/** The steps in the order the request asks for them, one round each: send first, then read the recipient's balance and report it. */
export const literal = defineCompositeReference((params) => {
  const token = params.token as { symbol: string; address: string };
  return {
    plan: `1. transfer(to, amount) on ${token.symbol}.\n2. Query the recipient's ${token.symbol} balance.\nThen submit it.`,
    rounds: [
      ts(
        `return { to: ${lit(token.address)}, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [${lit(params.to)}, parseUnits(${lit(params.amount)}, 18)] }) };`,
        "import { encodeFunctionData, erc20Abi, parseUnits } from 'viem';",
      ),
      query({ type: 'token_balance', token: token.address, address: params.to }),
      (feedback) => submit({ recipientBalance: lastQueryResult(feedback, { type: 'token_balance' }).raw }),
    ],
  };
});
