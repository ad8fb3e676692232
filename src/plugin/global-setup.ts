import '../polyfills.ts';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { generatePrivateKey } from 'viem/accounts';
import { BSC_CHAIN_ID } from '../chain/addresses.ts';
import { loadMirrorManifest, MIRROR_STATE } from '../chain/mirror-files.ts';
import { startNodePool } from '../chain/node-pool.ts';
import { resolveModel } from '../model/index.ts';
import { prepareSandbox } from '../sandbox/index.ts';
import { resolveConfig } from './config.ts';
import type {} from './provided.ts';

/**
 * Main-process setup of a benchmark project: fails fast on bad configuration (before any task runs),
 * prepares the sandbox bundles once, creates the run's fresh agent key and marker, and owns the
 * anvil processes the workers use.
 */
export default async function setup(project: TestProject) {
  const config = resolveConfig(project.getProvidedContext().questbenchOptions ?? {});
  // Resolving the model validates keys, module paths and spec syntax now, not 60 tests later.
  await resolveModel(config.model, { temperature: config.temperature, maxRetries: config.maxRetries, timeoutMs: config.modelTimeoutMs });
  const manifest = loadMirrorManifest();
  await prepareSandbox();
  const pool = await startNodePool({ chainId: BSC_CHAIN_ID, loadState: MIRROR_STATE });
  project.provide('questbench', {
    config,
    controlUrl: pool.url,
    agentKey: generatePrivateKey(),
    marker: `0x${randomBytes(32).toString('hex')}`,
    manifest,
  });
  return async () => {
    await pool.close();
  };
}
