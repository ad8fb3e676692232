// Wrong answers for the pending_change tasks: the careless habit of reading a parameter's value at the latest
// block (a view, or an eth_call there) although the chain shows a change that is in force when the
// transaction is mined (a token's scheduled tax, an oracle's posted price), and other mistakes.
import { returns, VIEM_WITH_ETHER, type HardMutant } from '../../../src/tasks/mutants.ts';

/** The largest whole-USDT borrow keeping the ratio (ratio from the instance), priced now or at the posted update, counting the existing debt or not. */
function ratioBorrow(usePosted: boolean, countDebt: boolean): string {
  return `const c = createPublicClient({ transport: http(providerUrl) });
const d = deployedContracts;
const one = 10n ** 18n;
const C = parseAbi(['function getAssetsIn(address) view returns (address[])', 'function getAllMarkets() view returns (address[])']);
const O = parseAbi(['function getUnderlyingPrice(address) view returns (uint256)', 'function nextPriceUpdate(address) view returns (uint256, uint256)']);
const V = parseAbi(['function underlying() view returns (address)', 'function balanceOf(address) view returns (uint256)', 'function exchangeRateCurrent() returns (uint256)', 'function borrowBalanceCurrent(address) returns (uint256)', 'function borrow(uint256) returns (uint256)']);
const next = (await c.getBlockNumber()) + 1n;
const priceOf = async (m) => {
  if (${usePosted}) {
    const asset = m.toLowerCase() === d.vBNB.toLowerCase() ? '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' : await c.readContract({ address: m, abi: V, functionName: 'underlying' });
    const [p, from] = await c.readContract({ address: d.venus_oracle, abi: O, functionName: 'nextPriceUpdate', args: [asset] });
    if (from !== 0n && from <= next) return p;
  }
  return c.readContract({ address: d.venus_oracle, abi: O, functionName: 'getUnderlyingPrice', args: [m] });
};
const entered = (await c.readContract({ address: d.venus_comptroller, abi: C, functionName: 'getAssetsIn', args: [agentAddress] })).map((a) => a.toLowerCase());
let collateral = 0n;
let debt = 0n;
for (const m of await c.readContract({ address: d.venus_comptroller, abi: C, functionName: 'getAllMarkets' })) {
  const price = await priceOf(m);
  const borrowed = (await c.simulateContract({ address: m, abi: V, functionName: 'borrowBalanceCurrent', args: [agentAddress], account: agentAddress })).result;
  if (${countDebt}) debt += (borrowed * price) / one;
  if (entered.includes(m.toLowerCase())) {
    const vTokens = await c.readContract({ address: m, abi: V, functionName: 'balanceOf', args: [agentAddress] });
    const rate = (await c.simulateContract({ address: m, abi: V, functionName: 'exchangeRateCurrent', account: agentAddress })).result;
    collateral += (((vTokens * rate) / one) * price) / one;
  }
}
const ratio = RATIO;
const room = (collateral * 100n) / ratio - debt;
const amount = ((room * one) / (await priceOf(d.vUSDT)) / one) * one;
return { to: d.vUSDT, data: encodeFunctionData({ abi: V, functionName: 'borrow', args: [amount] }) };`;
}

export const mutants: HardMutant[] = [
  {
    kind: 'wrong_amount',
    name: 'sizes the borrow at the oracle prices read at the latest block, ignoring the posted BNB update',
    script: ({ params }) => returns(ratioBorrow(false, true).replace('RATIO', `${params.ratio}n`), VIEM_WITH_ETHER),
    mechanism: {
      fails: [
        'the collateral ratio after the borrow is at least the stated one',
        'the loan is the largest whole-USDT amount that keeps the ratio',
      ],
    },
  },
  {
    kind: 'wrong_amount',
    name: 'uses the posted BNB price but forgets the CAKE debt the collateral already backs',
    script: ({ params }) => returns(ratioBorrow(true, false).replace('RATIO', `${params.ratio}n`), VIEM_WITH_ETHER),
  },
];
