import type { ChainClients } from './rpc.ts';

/** Seconds between consecutive blocks: chain time advances by the harness's clock, never the wall's. */
export const BLOCK_INTERVAL_SECONDS = 3;

/**
 * Chain time from the node's head block on, BLOCK_INTERVAL_SECONDS per block. anvil restarts its clock
 * from the wall clock when it loads a state, so a state whose head lies in the future (the hard chain's
 * does) would see time run backwards, and one in the past would jump to today: the same seed would see
 * other timestamps (deadlines, accrual clocks) on every run. With the clock at the head, every run and
 * every instance sees the same chain time, and evm_revert takes the clock back with the state.
 */
export async function startChainClock(chain: ChainClients): Promise<void> {
  const head = await chain.public.getBlock({ blockTag: 'latest' });
  await chain.request('evm_setTime', [Number(head.timestamp)]);
  await chain.request('anvil_setBlockTimestampInterval', [BLOCK_INTERVAL_SECONDS]);
}
