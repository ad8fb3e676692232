// Which tasks a run's chain plays: the task modules list the others as skipped, and the planner leaves them out.
import type { ChainId } from '../tasks/chain-profile.ts';
import { runsOn } from '../tasks/schema.ts';
import type { TaskSpec } from '../tasks/task.ts';

/**
 * Why a task does not run on a chain, or undefined when it does: the hard split has a BSC state alone for
 * now; a published task runs on the chains its file names (BSC alone when it names none).
 */
export function notOnChain(declared: Pick<TaskSpec, 'split' | 'spec'>, chain: ChainId): string | undefined {
  if (declared.split === 'hard') return chain === 'bsc' ? undefined : `the hard split runs on bsc for now, not ${chain}`;
  return runsOn(declared.spec, chain)
    ? undefined
    : `not on ${chain} (its file lists ${(declared.spec.chains ?? ['bsc']).join(', ')}; docs/chains.md)`;
}
