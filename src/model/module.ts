import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LanguageModel } from 'ai';
import type { SdkCallSettings } from './sdk.ts';
import type { RetryPolicy } from './retry.ts';
import { ModelConfigError, ModelInfraError } from './types.ts';
import type { ChatMessage, Model, ModelUsage } from './types.ts';

/**
 * What a `module:<path>` file may export as its `respond`. It receives the conversation (fresh copies)
 * and an abort signal, nothing else: no task id, parameters or reference travel with a call.
 */
export type ModuleRespond = (
  messages: ChatMessage[],
  request: { signal: AbortSignal },
) => Promise<string | { text: string; usage?: ModelUsage }>;

const EXPECTED_EXPORTS =
  'it must export `respond(messages, { signal }) => Promise<string | { text, usage? }>` (named or default), ' +
  'or an AI SDK LanguageModel as the default export or as `model`';

export function isLanguageModel(value: unknown): value is Exclude<LanguageModel, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { specificationVersion?: unknown }).specificationVersion === 'string' &&
    typeof (value as { doGenerate?: unknown }).doGenerate === 'function'
  );
}

/** The file a module: spec names, which must exist. */
export function moduleFile(specPath: string, cwd: string = process.cwd()): string {
  const file = path.resolve(cwd, specPath);
  if (!existsSync(file) || !statSync(file).isFile()) {
    throw new ModelConfigError(`model module not found: ${file} (from module:${specPath}); ${EXPECTED_EXPORTS}`);
  }
  return file;
}

export async function moduleModel(
  specPath: string,
  call: SdkCallSettings,
  retry: RetryPolicy,
  cwd: string = process.cwd(),
): Promise<Model> {
  const file = moduleFile(specPath, cwd);
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (err) {
    throw new ModelConfigError(`model module ${file} failed to load: ${(err as Error)?.message ?? String(err)}`, {
      cause: err,
    });
  }

  const id = `module:${specPath}`;
  const fallbackDefault = mod.default as { respond?: unknown } | undefined;
  const respondExport =
    typeof mod.respond === 'function'
      ? mod.respond
      : typeof mod.default === 'function'
        ? mod.default
        : typeof fallbackDefault?.respond === 'function'
          ? fallbackDefault.respond.bind(fallbackDefault)
          : undefined;
  if (respondExport) {
    // Cached only when QUEST_CACHE asks for it; keyed by the file's content so an edit is never replayed.
    const content = createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16);
    return {
      ...respondModel(id, file, respondExport as ModuleRespond, retry.timeoutMs),
      cache: { key: `${id}#${content}`, folder: id, byDefault: false },
    };
  }

  const languageModel = isLanguageModel(mod.default) ? mod.default : isLanguageModel(mod.model) ? mod.model : undefined;
  if (languageModel) {
    // The AI SDK loads only for modules that export one of its models.
    const { sdkModel } = await import('./sdk.ts');
    return sdkModel({
      id,
      describe: `${id}: AI SDK model ${languageModel.provider}/${languageModel.modelId} from ${file} (temperature ${call.temperature}, timeout ${retry.timeoutMs} ms, up to ${retry.maxRetries} retries)`,
      model: languageModel,
      call,
      retry,
      label: id,
      cacheKey: `${languageModel.provider}/${languageModel.modelId}`,
      // Any module exporting the same provider's model shares its replies.
      cacheFolder: `${languageModel.provider}/${languageModel.modelId}`,
    });
  }

  const found = Object.keys(mod).join(', ') || 'nothing';
  throw new ModelConfigError(`model module ${file} has no usable export (found: ${found}); ${EXPECTED_EXPORTS}`);
}

// A custom respond() owns its own retries; we only bound its time and check its answer.
function respondModel(id: string, file: string, respond: ModuleRespond, timeoutMs: number): Model {
  return {
    id,
    describe: `${id}: custom respond() from ${file} (timeout ${timeoutMs} ms)`,
    async respond(messages, { signal }) {
      const started = performance.now();
      const deadline = AbortSignal.timeout(timeoutMs);
      const combined = signal ? AbortSignal.any([signal, deadline]) : deadline;
      // Plain copies: the module can neither reach harness objects through them nor edit the transcript.
      const copies: ChatMessage[] = messages.map((m) => ({ role: m.role, content: m.content }));
      let raw: unknown;
      try {
        raw = await raceAbort(
          Promise.resolve().then(() => respond(copies, { signal: combined })),
          combined,
        );
      } catch (err) {
        if (signal?.aborted) throw signal.reason ?? err;
        if (err instanceof ModelConfigError || err instanceof ModelInfraError) throw err;
        const why = deadline.aborted ? `no answer within ${timeoutMs} ms` : ((err as Error)?.message ?? String(err));
        throw new ModelInfraError(`${id}: respond() failed: ${why}`, { cause: err, attempts: 1 });
      }
      return { ...normalizeReply(raw, file), latencyMs: performance.now() - started, attempts: 1 };
    },
  };
}

function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function normalizeReply(raw: unknown, file: string): { text: string; usage?: ModelUsage } {
  if (typeof raw === 'string') return { text: raw };
  if (typeof raw === 'object' && raw !== null && typeof (raw as { text?: unknown }).text === 'string') {
    const { text, usage } = raw as { text: string; usage?: unknown };
    if (usage === undefined || usage === null) return { text };
    const u = usage as Partial<ModelUsage>;
    if (Number.isFinite(u.inputTokens) && Number.isFinite(u.outputTokens)) {
      return { text, usage: { inputTokens: u.inputTokens!, outputTokens: u.outputTokens! } };
    }
    throw new ModelConfigError(`respond() in ${file} returned a malformed usage; expected { inputTokens: number, outputTokens: number }`);
  }
  throw new ModelConfigError(
    `respond() in ${file} must resolve to a string or { text: string, usage?: { inputTokens, outputTokens } }, got ${describeValue(raw)}`,
  );
}

function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? `an object with keys [${Object.keys(v as object).join(', ')}]` : typeof v;
}
