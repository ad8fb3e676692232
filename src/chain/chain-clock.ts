import type { ChainClients } from './rpc.ts';

/**
 * Sets anvil's clock to the chain's head. anvil restarts its clock from the wall clock when it loads a state,
 * so a state whose head lies in the future (the hard chain's does) would see time run backwards, and one in
 * the past would jump to today. With a block interval set, the next blocks follow the head at that interval,
 * and evm_revert takes the clock back with the state: every run and every instance sees the same chain time.
 */
export async function continueClock(chain: ChainClients): Promise<void> {
  const head = await chain.public.getBlock({ blockTag: 'latest' });
  await chain.request('evm_setTime', [Number(head.timestamp)]);
}
