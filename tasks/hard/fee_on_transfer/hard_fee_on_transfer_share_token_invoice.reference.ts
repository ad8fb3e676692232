import { createPublicClient, encodeFunctionData, http, parseAbi, parseEther, type Address } from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_fee_on_transfer_share_token_invoice'>;

const RSBNB = parseAbi([
  'function getTotalShares() view returns (uint256)',
  'function getTotalPooledEther() view returns (uint256)',
  'function sharesOf(address) view returns (uint256)',
  'function getPooledEthByShares(uint256) view returns (uint256)',
  'function transferShares(address to, uint256 sharesAmount) returns (uint256)',
]);

// rsBNB moves shares: transfer(x) moves x × shares / pooled rounded down, and the payee's balance rounds down
// again, so x − 1 wei would arrive. The payment sends the shares worth the amount rounded up instead, and
// checks what the payee's balance becomes from the share math.
export async function executeSkill(providerUrl: string, _agent: Address) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const token = PARAMS.token;
  const amount = parseEther(PARAMS.amount);
  const read = (functionName: 'getTotalShares' | 'getTotalPooledEther') =>
    client.readContract({ address: token, abi: RSBNB, functionName });
  const [shares, pooled] = await Promise.all([read('getTotalShares'), read('getTotalPooledEther')]);
  const send = (amount * shares + pooled - 1n) / pooled;
  const held = await client.readContract({ address: token, abi: RSBNB, functionName: 'sharesOf', args: [PARAMS.payee] });
  const before = (held * pooled) / shares;
  const after = ((held + send) * pooled) / shares;
  if (after - before < amount) throw new Error(`the shares would credit ${after - before}, less than ${amount}`);
  return { to: token, data: encodeFunctionData({ abi: RSBNB, functionName: 'transferShares', args: [PARAMS.payee, send] }) };
}
