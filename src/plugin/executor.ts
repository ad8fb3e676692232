// A worker's side of the dispatcher: the test Vitest is running claims its own instance, while
// background slots lease instances of tests still to come, so QUEST_CONCURRENCY instances are in
// flight no matter how many workers there are.
import { instanceKey, type InstanceRecord } from '../results/record.ts';
import { loadTask, type Task } from '../instance/task.ts';
import { control, type PlannedInstance } from './control.ts';

/** A task's round, ready to run. */
export interface RunnableInstance {
  task: Task;
  round: number;
}

const BEAT_MS = 5_000;

export class InstanceExecutor {
  private started = false;

  constructor(
    private readonly opts: {
      controlUrl: string;
      /** Unique per worker process (and project). */
      worker: string;
      /** Background slots of this worker; the dispatcher caps the run as a whole. */
      slots: number;
      run: (item: RunnableInstance) => Promise<InstanceRecord>;
      /** The record of an instance whose run threw, or whose record the control endpoint refused: never throws. */
      fallback: (item: RunnableInstance, error: unknown) => InstanceRecord;
    },
  ) {}

  /** Runs an instance to a record, whatever it throws. */
  private async settle(item: RunnableInstance): Promise<InstanceRecord> {
    try {
      return await this.opts.run(item);
    } catch (e) {
      return this.opts.fallback(item, e);
    }
  }

  /**
   * Hands the record to the dispatcher, which frees the instance's slot. A record the endpoint refuses
   * goes as the minimal one instead; if that fails too, the slot is given back (its test runs it again).
   */
  private async report(planned: PlannedInstance, item: RunnableInstance, record: InstanceRecord): Promise<InstanceRecord> {
    const worker = this.opts.worker;
    try {
      await control(this.opts.controlUrl, 'done', { key: planned.key, worker, record });
      return record;
    } catch (e) {
      const minimal = this.opts.fallback(item, new Error(`its record was refused: ${(e as Error).message.split('\n')[0]}`));
      try {
        await control(this.opts.controlUrl, 'done', { key: planned.key, worker, record: minimal });
        return minimal;
      } catch {
        await control(this.opts.controlUrl, 'release', { worker, instance: planned }).catch(() => {});
        return record;
      }
    }
  }

  /** The record of a test's own instance: run here, or taken from whichever slot ran it. */
  async play(item: RunnableInstance): Promise<InstanceRecord> {
    this.start();
    const { task, round } = item;
    const key = instanceKey({ split: task.split, taskId: task.id, round });
    for (;;) {
      const instance: PlannedInstance = { key, split: task.split, taskId: task.id, round, file: task.file };
      const claim = await control(this.opts.controlUrl, 'claim', { key, worker: this.opts.worker, instance });
      if (claim.action === 'done') return claim.record;
      if (claim.action === 'run') return this.report(instance, item, await this.settle(item));
      for (;;) {
        const r = await control(this.opts.controlUrl, 'wait', { key });
        if (r.record) return r.record;
        if (r.requeued) break; // its slot was lost: claim it again
      }
    }
  }

  private start(): void {
    if (this.started) return;
    this.started = true;
    const beat = setInterval(() => void control(this.opts.controlUrl, 'beat', { worker: this.opts.worker }).catch(() => {}), BEAT_MS);
    beat.unref();
    for (let i = 0; i < this.opts.slots; i++) void this.slot();
  }

  // One background slot: lease, load, run, report, for as long as the worker lives.
  private async slot(): Promise<void> {
    for (;;) {
      let planned: PlannedInstance | undefined;
      try {
        planned = (await control(this.opts.controlUrl, 'lease', { worker: this.opts.worker })).instance;
      } catch {
        // The main process is gone (the run ended): nothing more to do.
        return;
      }
      if (!planned) continue;
      let item: RunnableInstance;
      try {
        item = { task: await loadTask(planned.file), round: planned.round };
      } catch {
        // Its own test loads it again and reports the problem there.
        await control(this.opts.controlUrl, 'release', { worker: this.opts.worker, instance: planned }).catch(() => {});
        continue;
      }
      await this.report(planned, item, await this.settle(item));
    }
  }
}
