// A worker's side of the dispatcher: the test Vitest is running claims its own instance, while
// background slots lease instances of tests still to come, so QUEST_CONCURRENCY instances are in
// flight no matter how many workers there are.
import { instanceKey, type InstanceRecord } from '../results/record.ts';
import { loadTask } from '../tasks/load.ts';
import type { Task } from '../tasks/task.ts';
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
    },
  ) {}

  /** The record of a test's own instance: run here, or taken from whichever slot ran it. */
  async play(item: RunnableInstance): Promise<InstanceRecord> {
    this.start();
    const { task, round } = item;
    const key = instanceKey({ split: task.split, taskId: task.id, round });
    for (;;) {
      const instance: PlannedInstance = { key, split: task.split, taskId: task.id, round, file: task.file };
      const claim = await control(this.opts.controlUrl, 'claim', { key, worker: this.opts.worker, instance });
      if (claim.action === 'done') return claim.record;
      if (claim.action === 'run') {
        const record = await this.opts.run(item);
        await control(this.opts.controlUrl, 'done', { key, worker: this.opts.worker, record });
        return record;
      }
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
      try {
        const record = await this.opts.run(item);
        await control(this.opts.controlUrl, 'done', { key: planned.key, worker: this.opts.worker, record });
      } catch {
        await control(this.opts.controlUrl, 'release', { worker: this.opts.worker, instance: planned }).catch(() => {});
      }
    }
  }
}
