// Wrong answers for the pending_change tasks: the careless habit of reading a parameter's value at the latest
// block (a view, or an eth_call there) although the chain shows a change that is in force when the
// transaction is mined (a token's scheduled tax, an oracle's posted price), and other mistakes.
import { json, returns, VIEM_WITH_ETHER, TAX_ABI, type HardMutant } from '../../../src/tasks/mutants.ts';

/** A KRN transfer of `gross` (an expression of `want` and `bps`, the rate read now at the latest block). */
const krnTransfer = (token: string, to: string, amount: string, gross: string) => `${TAX_ABI}
const bps = BigInt(await c.readContract({ address: ${json(token)}, abi: TAX, functionName: 'transferTaxBps' }));
const want = parseUnits(${json(amount)}, 18);
const gross = ${gross};
return { to: ${json(token)}, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [${json(to)}, gross] }) };`;

export const mutants: HardMutant[] = [
  {
    kind: 'wrong_amount',
    name: 'grosses the amount up by transferTaxBps() as read at the latest block, ignoring the scheduled rate',
    script: ({ params }) =>
      returns(krnTransfer(params.token, params.to, params.amount, '((want - 1n) * 10_000n) / (10_000n - bps) + 1n'), VIEM_WITH_ETHER),
    mechanism: { fails: ['the recipient received exactly the amount', 'the wallet sent no more than it takes to deliver the amount'] },
  },
  {
    kind: 'wrong_amount',
    name: 'sends the amount the recipient should receive',
    script: ({ params }) => returns(krnTransfer(params.token, params.to, params.amount, 'want + 0n * bps'), VIEM_WITH_ETHER),
  },
  {
    kind: 'wrong_amount',
    name: 'adds the scheduled rate on top (X × (1 + t)) instead of grossing up',
    script: ({ params }) =>
      returns(
        `${TAX_ABI}
const [, , next] = await c.readContract({ address: ${json(params.token)}, abi: TAX, functionName: 'scheduledTaxes' });
const want = parseUnits(${json(params.amount)}, 18);
return { to: ${json(params.token)}, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [${json(params.to)}, want + (want * BigInt(next)) / 10_000n] }) };`,
        VIEM_WITH_ETHER,
      ),
  },
];
