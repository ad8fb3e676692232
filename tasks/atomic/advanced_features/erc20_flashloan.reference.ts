import { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi, parseUnits, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'erc20_flashloan'>;

const LENDER = parseAbi(['function fee(uint256 amount) view returns (uint256)', 'function flashLoan(address token, uint256 amount)']);

export async function executeSkill(providerUrl: string, agentAddress: Address, deployedContracts: TaskContracts<'erc20_flashloan'>) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const usdt = deployedContracts.USDT;
  // The loan in USDT's own decimals, as the token reports them (a stablecoin need not have 18).
  const decimals = await client.readContract({ address: usdt, abi: erc20Abi, functionName: 'decimals' });
  const amount = parseUnits(PARAMS.amount, decimals);
  // The lender pulls amount + fee back with transferFrom: check the standing allowance and the fee budget.
  const [fee, allowance, balance] = await Promise.all([
    client.readContract({ address: PARAMS.lender, abi: LENDER, functionName: 'fee', args: [amount] }),
    client.readContract({ address: usdt, abi: erc20Abi, functionName: 'allowance', args: [agentAddress, PARAMS.lender] }),
    client.readContract({ address: usdt, abi: erc20Abi, functionName: 'balanceOf', args: [agentAddress] }),
  ]);
  if (allowance < amount + fee) throw new Error(`lender allowance ${allowance} is below ${amount + fee}`);
  if (balance < fee) throw new Error(`balance ${balance} cannot cover the fee ${fee}`);
  return { to: PARAMS.lender, data: encodeFunctionData({ abi: LENDER, functionName: 'flashLoan', args: [usdt, amount] }) };
}
