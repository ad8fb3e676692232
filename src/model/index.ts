// ai 7 calls ES2024 globals that node 20 lacks; installed before anything imports it.
import '../polyfills.ts';
export { ModelConfigError, ModelInfraError } from './types.ts';
export type { CacheIdentity, ChatMessage, Model, ModelCall, ModelReply, ModelUsage } from './types.ts';
export { DEFAULT_MODEL_SETTINGS, parseModelSpec, resolveModel } from './resolve.ts';
export type { ModelSettings, ModelSpec } from './resolve.ts';
export type { ModuleRespond } from './module.ts';
