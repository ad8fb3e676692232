import { createPublicClient, encodeFunctionData, http, parseAbi, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_lending_borrow_at_posted_price'>;

const COMPTROLLER = parseAbi([
  'function getAssetsIn(address) view returns (address[])',
  'function getAllMarkets() view returns (address[])',
]);
const ORACLE = parseAbi([
  'function getUnderlyingPrice(address vToken) view returns (uint256)',
  'function nextPriceUpdate(address asset) view returns (uint256 price, uint256 fromBlock)',
]);
const VTOKEN = parseAbi([
  'function underlying() view returns (address)',
  'function balanceOf(address) view returns (uint256)',
  'function exchangeRateCurrent() returns (uint256)',
  'function borrowBalanceCurrent(address) returns (uint256)',
  'function borrow(uint256 borrowAmount) returns (uint256)',
]);
const NATIVE: Address = '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB';

// As hard_precision_borrow_to_ratio, at the prices in force when the borrow is mined: it lands in a later block
// than the head, so an update posted for a block up to the head's + 1 is the price it and the account are valued at.
export async function executeSkill(
  providerUrl: string,
  agent: Address,
  deployedContracts: TaskContracts<'hard_lending_borrow_at_posted_price'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const d = deployedContracts;
  const one = 10n ** 18n;
  const next = (await client.getBlockNumber()) + 1n;
  const priceOf = async (m: Address) => {
    const asset =
      m.toLowerCase() === d.vBNB.toLowerCase()
        ? NATIVE
        : await client.readContract({ address: m, abi: VTOKEN, functionName: 'underlying' });
    const [posted, fromBlock] = await client.readContract({
      address: d.venus_oracle,
      abi: ORACLE,
      functionName: 'nextPriceUpdate',
      args: [asset],
    });
    if (fromBlock !== 0n && fromBlock <= next) return posted;
    return client.readContract({ address: d.venus_oracle, abi: ORACLE, functionName: 'getUnderlyingPrice', args: [m] });
  };
  const entered = (
    await client.readContract({ address: d.venus_comptroller, abi: COMPTROLLER, functionName: 'getAssetsIn', args: [agent] })
  ).map((a) => a.toLowerCase());
  let collateral = 0n;
  let debt = 0n;
  for (const m of await client.readContract({ address: d.venus_comptroller, abi: COMPTROLLER, functionName: 'getAllMarkets' })) {
    const price = await priceOf(m);
    const borrowed = (
      await client.simulateContract({ address: m, abi: VTOKEN, functionName: 'borrowBalanceCurrent', args: [agent], account: agent })
    ).result;
    debt += (borrowed * price) / one;
    if (entered.includes(m.toLowerCase())) {
      const vTokens = await client.readContract({ address: m, abi: VTOKEN, functionName: 'balanceOf', args: [agent] });
      const rate = (await client.simulateContract({ address: m, abi: VTOKEN, functionName: 'exchangeRateCurrent', account: agent })).result;
      collateral += (((vTokens * rate) / one) * price) / one;
    }
  }
  const roomUsd = (collateral * 100n) / BigInt(PARAMS.ratio) - debt;
  const price = await priceOf(d.vUSDT);
  const amount = ((roomUsd * one) / price / one) * one;
  return { to: d.vUSDT, data: encodeFunctionData({ abi: VTOKEN, functionName: 'borrow', args: [amount] }) };
}
