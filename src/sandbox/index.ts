// Sandbox for model-written skills: a read-only RPC proxy and a Deno runner with vendored ethers/viem.
export { extractCode } from './extract.ts';
export { READ_METHODS, startReadOnlyProxy } from './rpc-proxy.ts';
export type { ReadOnlyProxy } from './rpc-proxy.ts';
export { closeSandboxHosts, prepareSandbox, runAnswer, runSkill, sandboxStats } from './runner.ts';
export type { SandboxOptions, SandboxOutcome, SkillArgs } from './runner.ts';
export { IMPORTABLE } from './vendor.ts';
