import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { QuestError } from '../errors.ts';

const require = createRequire(import.meta.url);

export interface Artifact {
  contractName: string;
  sourceName: string;
  abi: unknown[];
  bytecode: `0x${string}`;
  deployedBytecode: `0x${string}`;
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<
    string,
    Record<string, { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>
  >;
}

/** Compiles every .sol file of a folder with solc-js (the version pinned in package.json). */
/** Compiles the contracts of `dir` (or only the files `only` names); a contract's bytecode depends on its own sources alone. */
export function compileContracts(dir: string, only?: readonly string[]): Artifact[] {
  const solc = require('solc') as { compile(input: string, opts: { import: (p: string) => unknown }): string; version(): string };
  const sources: Record<string, { content: string }> = {};
  for (const f of readdirSync(dir)
    .filter((f) => f.endsWith('.sol') && (!only || only.includes(f)))
    .sort()) {
    sources[f] = { content: readFileSync(join(dir, f), 'utf8') };
  }
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
    },
  };
  const findImport = (path: string) => {
    try {
      return { contents: readFileSync(require.resolve(path), 'utf8') };
    } catch {
      return { error: `import not found: ${path}` };
    }
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as SolcOutput;
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) {
    throw new QuestError('SOLC', `solc ${solc.version()} failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`, {
      hint: 'fix the contract the first error names (fixtures/contracts/), then run `npm run build:fixtures` again',
    });
  }
  const artifacts: Artifact[] = [];
  for (const [sourceName, contracts] of Object.entries(out.contracts)) {
    if (!sources[sourceName]) continue; // library sources pulled in by imports
    for (const [contractName, c] of Object.entries(contracts)) {
      if (!c.evm.bytecode.object) continue; // interfaces and abstract contracts
      artifacts.push({
        contractName,
        sourceName,
        abi: c.abi,
        bytecode: `0x${c.evm.bytecode.object}`,
        deployedBytecode: `0x${c.evm.deployedBytecode.object}`,
      });
    }
  }
  return artifacts;
}
