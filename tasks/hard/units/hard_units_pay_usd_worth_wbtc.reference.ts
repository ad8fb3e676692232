import { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi, parseUnits } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_units_pay_usd_worth_wbtc'>;

const PAIR = parseAbi(['function getReserves() view returns (uint112, uint112, uint32)', 'function token0() view returns (address)']);

// WBTC = USD × reserveWBTC / reserveUSDT in base units: USDT's 18 decimals turn the dollars into base
// units, the reserves carry each token's own decimals, so the ratio lands in WBTC's.
export async function executeSkill(providerUrl: string, _agent: string, deployedContracts: TaskContracts<'hard_units_pay_usd_worth_wbtc'>) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const pair = deployedContracts.pair_WBTC_USDT;
  const wbtc = deployedContracts.WBTC;
  const [[r0, r1], token0, usdtDecimals] = await Promise.all([
    client.readContract({ address: pair, abi: PAIR, functionName: 'getReserves' }),
    client.readContract({ address: pair, abi: PAIR, functionName: 'token0' }),
    client.readContract({ address: deployedContracts.USDT, abi: erc20Abi, functionName: 'decimals' }),
  ]);
  const [rWbtc, rUsdt] = token0.toLowerCase() === wbtc.toLowerCase() ? [r0, r1] : [r1, r0];
  const amount = (parseUnits(PARAMS.usd, usdtDecimals) * rWbtc) / rUsdt;
  return { to: wbtc, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [PARAMS.to, amount] }) };
}
