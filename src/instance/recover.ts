import type { ChainSession } from '../chain/session.ts';
import { deadlines, StallError, withDeadline } from '../fault-points.ts';
import type { InstanceRecord } from '../results/record.ts';

/** True when the session's anvil does not answer (killed, crashed, hung) within a few seconds. */
export async function nodeIsDown(s: ChainSession): Promise<boolean> {
  try {
    await withDeadline('a liveness probe of the node', deadlines().probeMs, s.chain.request('eth_chainId'));
    return false;
  } catch {
    return true;
  }
}

/**
 * Runs one instance; if the node died under it, restarts the node from the prepared state and runs
 * the instance once more. Whatever still fails becomes the caller's infra record, not a lost result.
 */
export async function recoverInstance(opts: {
  session: ChainSession;
  run: (s: ChainSession) => Promise<InstanceRecord>;
  infra: (error: string, s: ChainSession | undefined) => InstanceRecord;
}): Promise<InstanceRecord> {
  const s = opts.session;
  let lastError: unknown;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const rec = await opts.run(s);
      // A node that died mid-instance shows up inside the record as the script's or the chain's
      // failure; it is the harness's, so the instance runs again rather than scoring the model 0.
      if (!(await nodeIsDown(s))) return rec;
      lastError = new Error('the node stopped answering during the instance');
    } catch (e) {
      lastError = e;
      // A stalled step may still be running on the session: it is not run again here (the caller retires the session).
      if (e instanceof StallError || !(await nodeIsDown(s))) break;
    }
    try {
      await s.restart();
    } catch (err) {
      lastError = err;
      break;
    }
  }
  const message = lastError instanceof Error ? lastError.message : String(lastError);
  return opts.infra(`harness failure: ${message.split('\n')[0]}`, s);
}
