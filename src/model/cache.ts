import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChatMessage, DialogueMessage, Model, ModelReply, ModelUsage, ToolCall, ToolReply } from './types.ts';

export type CacheMode = 'off' | 'read' | 'write' | 'auto';

interface Entry {
  model: string;
  text: string;
  /** Replies of the tools protocol: the tool calls. */
  calls?: ToolCall[];
  usage?: ModelUsage;
  createdAt: string;
}

/**
 * The cache mode that applies to a model. QUEST_CACHE, when set, applies to every model that has a
 * cache identity; unset, only remote models (a paid API) are cached, never a respond() module, which
 * is code that changes while its author works on it. The built-in reference and null are never cached.
 */
export function cacheModeFor(model: Model, configured: CacheMode | undefined): CacheMode {
  if (!model.cache) return 'off';
  return configured ?? (model.cache.byDefault ? 'auto' : 'off');
}

/**
 * Response cache: the key is the model's cache identity (provider, model id, endpoint and sampling
 * settings, or a module's content), the round and the exact messages, so a rerun (watch mode, a
 * resumed run, a re-score) replays the answer instead of paying again, while each round still gets its
 * own sample. Replies served from it are flagged `cached` and carry no usage: they were paid earlier.
 */
export function withResponseCache(model: Model, opts: { dir: string; mode: CacheMode }): Model {
  const identity = model.cache;
  if (opts.mode === 'off' || !identity) return model;
  const dir = join(opts.dir, identity.folder.replace(/[^A-Za-z0-9._-]+/g, '-'));
  const keyOf = (request: unknown) =>
    createHash('sha256')
      .update(JSON.stringify({ model: identity.key, ...(request as object) }))
      .digest('hex');
  const read = (file: string): Entry | undefined => {
    if (opts.mode !== 'read' && opts.mode !== 'auto') return undefined;
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Entry;
    } catch {
      return undefined; // a miss (or a damaged entry): ask the model
    }
  };
  const write = (file: string, reply: ModelReply & { calls?: ToolCall[] }) => {
    if (opts.mode !== 'write' && opts.mode !== 'auto') return;
    mkdirSync(dir, { recursive: true });
    const entry: Entry = {
      model: model.id,
      text: reply.text,
      ...(reply.calls ? { calls: reply.calls } : {}),
      ...(reply.usage ? { usage: reply.usage } : {}),
      createdAt: new Date().toISOString(),
    };
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(entry));
    renameSync(tmp, file);
  };
  const withTools = model.respondWithTools?.bind(model);
  return {
    ...model,
    async respond(messages: readonly ChatMessage[], call): Promise<ModelReply> {
      const file = join(dir, `${keyOf({ round: call.round, messages })}.json`);
      const hit = read(file);
      if (hit) return { text: hit.text, latencyMs: 0, attempts: 0, cached: true };
      const reply = await model.respond(messages, call);
      write(file, reply);
      return reply;
    },
    ...(withTools
      ? {
          async respondWithTools(messages: readonly DialogueMessage[], tools, call): Promise<ToolReply> {
            const file = join(dir, `${keyOf({ round: call.round, messages, tools, toolChoice: call.toolChoice })}.json`);
            const hit = read(file);
            if (hit?.calls) return { text: hit.text, calls: hit.calls, latencyMs: 0, attempts: 0, cached: true };
            const reply = await withTools(messages, tools, call);
            write(file, reply);
            return reply;
          },
        }
      : {}),
  } satisfies Model;
}
