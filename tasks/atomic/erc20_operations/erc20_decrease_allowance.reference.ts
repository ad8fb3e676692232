import { createPublicClient, encodeFunctionData, http, parseAbi, parseUnits } from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'erc20_decrease_allowance'>;

const TOKEN = parseAbi([
  'function decimals() view returns (uint8)',
  'function decreaseAllowance(address spender, uint256 subtractedValue) returns (bool)',
]);

export async function executeSkill(providerUrl: string) {
  // The amount in the token's own decimals (18 on BSC; USDC on Base has 6).
  const client = createPublicClient({ transport: http(providerUrl) });
  const decimals = await client.readContract({ address: PARAMS.token.address, abi: TOKEN, functionName: 'decimals' });
  const data = encodeFunctionData({
    abi: TOKEN,
    functionName: 'decreaseAllowance',
    args: [PARAMS.spender, parseUnits(PARAMS.amount, decimals)],
  });
  return { to: PARAMS.token.address, data };
}
