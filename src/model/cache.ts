import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChatMessage, Model, ModelCallContext, ModelReply, ModelUsage } from './types.ts';

export type CacheMode = 'off' | 'read' | 'write' | 'auto';

interface Entry {
  model: string;
  text: string;
  usage?: ModelUsage;
  createdAt: string;
}

/**
 * Response cache: the key is the model id, its sampling settings, the round and the exact messages,
 * so a rerun (watch mode, a resumed run, a re-score) replays the answer instead of paying again, while
 * each round still gets its own sample. Hits carry no usage: their tokens were paid once, earlier.
 */
export function withResponseCache(model: Model, opts: { dir: string; mode: CacheMode; settings: Record<string, unknown> }): Model {
  if (opts.mode === 'off') return model;
  const dir = join(opts.dir, model.id.replace(/[^A-Za-z0-9._-]+/g, '-'));
  const keyOf = (messages: ChatMessage[], ctx: ModelCallContext) =>
    createHash('sha256').update(JSON.stringify({ model: model.id, settings: opts.settings, round: ctx.round, messages })).digest('hex');
  return {
    ...model,
    async respond(messages, ctx, signal): Promise<ModelReply> {
      const file = join(dir, `${keyOf(messages, ctx)}.json`);
      if (opts.mode === 'read' || opts.mode === 'auto') {
        try {
          const hit = JSON.parse(readFileSync(file, 'utf8')) as Entry;
          return { text: hit.text, latencyMs: 0, attempts: 0, cached: true };
        } catch {
          // miss (or a damaged entry): ask the model
        }
      }
      const reply = await model.respond(messages, ctx, signal);
      if (opts.mode === 'write' || opts.mode === 'auto') {
        mkdirSync(dir, { recursive: true });
        const entry: Entry = { model: model.id, text: reply.text, ...(reply.usage ? { usage: reply.usage } : {}), createdAt: new Date().toISOString() };
        const tmp = `${file}.${process.pid}.tmp`;
        writeFileSync(tmp, JSON.stringify(entry));
        renameSync(tmp, file);
      }
      return reply;
    },
  };
}
