// A worker's side of the dispatcher: the test Vitest is running claims its own instance, while
// background slots lease instances of tests still to come, so QUEST_CONCURRENCY instances are in
// flight no matter how many workers there are.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { instanceKey, type InstanceRecord } from '../results/record.ts';
import { AtomicTask, CompositeTask, companionFiles } from '../tasks/schema.ts';
import { isValidator } from '../validators/define.ts';
import type { Validator } from '../validators/types.ts';
import type { CompositeReference } from '../composite/reference.ts';
import { control } from './control.ts';
import type { Claim, PlannedInstance } from './dispatcher.ts';

/** An instance ready to run; `file` is the absolute path of its task file. */
export type LoadedInstance =
  | { split: 'atomic'; task: AtomicTask; validator: Validator; reference: string; round: number; file: string }
  | { split: 'composite'; task: CompositeTask; validator: Validator; reference: CompositeReference; round: number; file: string };

/** Loads a planned instance the way its test module would: the task file, its validator and reference. */
export async function loadPlanned(p: PlannedInstance): Promise<LoadedInstance> {
  const json = JSON.parse(readFileSync(p.file, 'utf8')) as unknown;
  const beside = (name: string) => join(dirname(p.file), name);
  const defaultExport = async (name: string) => ((await import(beside(name))) as { default: unknown }).default;
  if (p.split === 'atomic') {
    const task = AtomicTask.parse(json);
    const files = companionFiles(task);
    const validator = await defaultExport(files.validator);
    if (!isValidator(validator)) throw new Error(`${p.file}: no validator`);
    return { split: 'atomic', task, validator, reference: readFileSync(beside(files.reference), 'utf8'), round: p.round, file: p.file };
  }
  const task = CompositeTask.parse(json);
  const files = companionFiles(task);
  const validator = await defaultExport(files.validator);
  const reference = await defaultExport(files.reference);
  if (!isValidator(validator) || typeof reference !== 'function') throw new Error(`${p.file}: no validator or reference`);
  return { split: 'composite', task, validator, reference: reference as CompositeReference, round: p.round, file: p.file };
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
      run: (item: LoadedInstance) => Promise<InstanceRecord>;
    },
  ) {}

  /** The record of a test's own instance: run here, or taken from whichever slot ran it. */
  async play(item: LoadedInstance): Promise<InstanceRecord> {
    this.start();
    const key = instanceKey({ split: item.split, taskId: item.task.id, round: item.round });
    for (;;) {
      const instance: PlannedInstance = { key, split: item.split, taskId: item.task.id, round: item.round, file: item.file };
      const claim = await control<Claim>(this.opts.controlUrl, 'claim', { key, worker: this.opts.worker, instance });
      if (claim.action === 'done') return claim.record;
      if (claim.action === 'run') {
        const record = await this.opts.run(item);
        await control(this.opts.controlUrl, 'done', { key, worker: this.opts.worker, record });
        return record;
      }
      for (;;) {
        const r = await control<{ record?: InstanceRecord; requeued?: boolean; pending?: boolean }>(this.opts.controlUrl, 'wait', { key });
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
        planned = (await control<{ instance?: PlannedInstance }>(this.opts.controlUrl, 'lease', { worker: this.opts.worker })).instance;
      } catch {
        // The main process is gone (the run ended): nothing more to do.
        return;
      }
      if (!planned) continue;
      let item: LoadedInstance;
      try {
        item = await loadPlanned(planned);
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
