// Sandbox for model-written skills: a read-only RPC proxy and a Deno runner with vendored ethers/viem.
export { extractCode } from './extract.ts';
export { closeSandboxHosts } from './host-pool.ts';
export type { SandboxOutcome } from './outcome.ts';
export { prepareSandbox } from './prepare.ts';
export { READ_METHODS, startReadOnlyProxy } from './rpc-proxy.ts';
export type { ReadOnlyProxy } from './rpc-proxy.ts';
export { runAnswer, runSkill, sandboxStats } from './runner.ts';
export type { SandboxOptions, SkillArgs } from './runner.ts';
export { IMPORTABLE } from './vendor.ts';
