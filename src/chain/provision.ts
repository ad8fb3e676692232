import { encodeFunctionData, pad, parseAbi, parseEther, type Address, type Hex } from 'viem';
import { BSC, MARKER_ADDRESS } from './addresses.ts';
import type { ChainClients } from './rpc.ts';
import { setTokenBalance } from './token-balance.ts';

/** What every instance starts with: the agent's holdings, written the same way in every worker. */
export const AGENT_HOLDINGS = {
  BNB: parseEther('100'),
  WBNB: parseEther('10'),
  tokens: [
    { token: BSC.USDT, amount: parseEther('1000') },
    { token: BSC.BUSD, amount: parseEther('1000') },
    { token: BSC.CAKE, amount: parseEther('200') },
  ],
} as const;

const WBNB_ABI = parseAbi(['function deposit() payable']);

async function sendAs(chain: ChainClients, from: Address, to: Address, data: Hex, value = 0n): Promise<void> {
  await chain.test.impersonateAccount({ address: from });
  const hash = await chain.request<Hex>('eth_sendTransaction', [{ from, to, data, value: `0x${value.toString(16)}`, gas: '0x7a120' }]);
  await chain.test.stopImpersonatingAccount({ address: from });
  const r = await chain.public.waitForTransactionReceipt({ hash, pollingInterval: 10 });
  if (r.status !== 'success') throw new Error(`provisioning transaction from ${from} to ${to} reverted`);
}

/**
 * Gives the run's fresh agent its starting state and stamps the node with the run's marker.
 * WBNB is wrapped for real (not written to storage) so unwrapping is backed by BNB in the contract.
 */
export async function provisionAgent(chain: ChainClients, agent: Address, marker: Hex): Promise<void> {
  await chain.test.setStorageAt({ address: MARKER_ADDRESS, index: 0, value: pad(marker) });
  await chain.test.setBalance({ address: agent, value: AGENT_HOLDINGS.BNB + AGENT_HOLDINGS.WBNB + parseEther('1') });
  await sendAs(chain, agent, BSC.WBNB, encodeFunctionData({ abi: WBNB_ABI, functionName: 'deposit' }), AGENT_HOLDINGS.WBNB);
  for (const { token, amount } of AGENT_HOLDINGS.tokens) await setTokenBalance(chain, token, agent, amount);
  // Round BNB back to exactly 100 after the wrap paid gas; the nonce stays as the setup left it.
  await chain.test.setBalance({ address: agent, value: AGENT_HOLDINGS.BNB });
  await chain.test.mine({ blocks: 1 });
}
