// Wrong answers for the pending_change tasks: the careless habit of reading a parameter's value at the latest
// block (a view, or an eth_call there) although the chain shows a change that is in force when the
// transaction is mined (a token's scheduled tax, an oracle's posted price), and other mistakes.
import { json, returns, VIEM_WITH_ETHER, TAX_ABI, type HardMutant } from '../../../src/tasks/mutants.ts';

/** A swapETHForExactTokens that asks the pair for the amount grossed up by `rate` (an expression of `nowBps`, buyTaxBps() read now). */
function exactBuy(token: string, amount: string, rate: string): string {
  return `${TAX_ABI}
const nowBps = BigInt(await c.readContract({ address: ${json(token)}, abi: TAX, functionName: 'buyTaxBps' }));
const bps = ${rate};
const want = parseUnits(${json(amount)}, 18);
const gross = ((want - 1n) * 10_000n) / (10_000n - bps) + 1n;
const router = parseAbi(['function getAmountsIn(uint256, address[]) view returns (uint256[])', 'function swapETHForExactTokens(uint256, address[], address, uint256) payable returns (uint256[])']);
const path = [deployedContracts.WBNB, ${json(token)}];
const [cost] = await c.readContract({ address: deployedContracts.router, abi: router, functionName: 'getAmountsIn', args: [gross, path] });
const { timestamp } = await c.getBlock();
return { to: deployedContracts.router, data: encodeFunctionData({ abi: router, functionName: 'swapETHForExactTokens', args: [gross, path, agentAddress, timestamp + 1200n] }), value: cost };`;
}

export const mutants: HardMutant[] = [
  {
    kind: 'wrong_amount',
    name: 'grosses the buy up by buyTaxBps() as read at the latest block (the launch tax), ignoring the scheduled step-down',
    script: ({ params }) => returns(exactBuy(params.token, params.amount, 'nowBps'), VIEM_WITH_ETHER),
    mechanism: { fails: ['exactly the amount of NOVA arrived in the wallet', 'the wallet paid no more BNB than the exact amount costs'] },
  },
  {
    kind: 'standard_swap_on_taxed_token',
    name: 'buys exactly the amount from the pair, forgetting the buy tax',
    script: ({ params }) => returns(exactBuy(params.token, params.amount, '0n * nowBps'), VIEM_WITH_ETHER),
  },
];
