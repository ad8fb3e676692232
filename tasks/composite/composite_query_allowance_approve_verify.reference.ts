import { parseUnits } from 'viem';
import { defineCompositeReference, lit, query, submit, ts } from 'evm-questbench/composite';

export default defineCompositeReference((params) => ({
  plan: '1. Query the current USDT allowance of the spender.\n2. approve(spender, amount) on USDT.\nThen submit both values: the approve sets the allowance exactly, so no second read is needed.',
  rounds: [
    query({ type: 'allowance', token: 'USDT', owner: 'agent', spender: params.spender }),
    ts(
      `const token = new Interface(['function approve(address spender, uint256 amount) returns (bool)']);
  return { to: deployedContracts.USDT, data: token.encodeFunctionData('approve', [${lit(params.spender)}, parseUnits(${lit(params.amount)}, 18)]) };`,
      "import { Interface, parseUnits } from 'ethers';",
    ),
    // "before" is the value the query returned (the planted allowance).
    submit({ before: parseUnits(params.planted as string, 18).toString(), after: parseUnits(params.amount as string, 18).toString() }),
  ],
}));
