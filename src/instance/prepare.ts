import type { Address } from 'viem';
import type { ChainSession } from '../chain/session.ts';
import { enterStage } from '../fault-points.ts';
import { instantiate, withDerived, type EnvMap, type Instance, type Params } from '../tasks/instantiate.ts';
import type { AtomicTask } from '../tasks/schema.ts';
import type { Validator } from '../validators/types.ts';

export interface PreparedInstance {
  instance: Instance;
  base: { params: Params; env: EnvMap; agent: Address };
  /** State observed before the model is asked. */
  pre: unknown;
}

/**
 * The start every episode shares: draw the instance, revert the chain, let the validator derive
 * per-instance values and plant its ground truth, then read the pre-state. Pre-state is read before
 * any script runs: scripts only see a read-only endpoint, so nothing they do can move state before
 * the send.
 */
export async function prepareInstance(
  task: Pick<AtomicTask, 'id' | 'templates' | 'parameters' | 'addresses'>,
  validator: Validator,
  session: ChainSession,
  opts: { runSeed: number; round: number },
): Promise<PreparedInstance> {
  const agent = session.account.address;
  session.useTaskAddresses(task.addresses);
  let instance = instantiate(task, { runSeed: opts.runSeed, round: opts.round, env: session.env, chain: session.profile });
  await session.reset();
  await enterStage('setup');
  if (validator.derive) {
    const derived = await validator.derive({ params: instance.params, env: session.env, agent, chain: session.chain, seed: instance.seed });
    instance = withDerived(task, instance, derived as Params, session.profile);
  }
  const base = { params: instance.params, env: session.env, agent };
  await validator.setup?.({ ...base, chain: session.chain });
  const pre = await validator.observe?.({ ...base, chain: session.chain.public });
  return { instance, base, pre };
}
