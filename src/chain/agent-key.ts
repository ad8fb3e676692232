import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { keccak256, stringToHex, type Hex } from 'viem';

/**
 * The run's agent key: fixed for a seed on this machine, so the wallet address a composite prompt
 * shows, and with it the prompt, is the same on every run (the response cache keys on prompts).
 * Derived from a random secret kept beside the cache, never from public values alone: the key
 * never leaves harness processes, and nobody can compute it from the seed.
 */
export function agentKeyFor(seed: number, secretFile: string): Hex {
  if (!existsSync(secretFile)) {
    mkdirSync(dirname(secretFile), { recursive: true });
    // Written whole under a temporary name, then linked into place: a concurrent first run never reads a half file.
    const tmp = `${secretFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(tmp, randomBytes(32).toString('hex'), { mode: 0o600 });
    try {
      linkSync(tmp, secretFile);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    } finally {
      unlinkSync(tmp);
    }
  }
  const secret = readFileSync(secretFile, 'utf8').trim();
  return keccak256(stringToHex(`evm-questbench agent ${secret} ${seed}`));
}
