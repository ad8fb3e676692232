// Compiles the project's contracts and builds the BSC mirror state. Output is committed; runs never compile.
import '../src/polyfills.ts';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildMirror } from '../src/chain/build-mirror.ts';
import { compileContracts } from '../src/chain/compile.ts';
import { buildPancakeV2 } from '../src/chain/pancake-v2.ts';
import { AUX_CONTRACTS } from '../src/chain/aux-contracts.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
const artifacts = compileContracts(join(root, 'fixtures/contracts'));
mkdirSync(join(root, 'fixtures/artifacts'), { recursive: true });
for (const a of artifacts) {
  writeFileSync(join(root, 'fixtures/artifacts', `${a.contractName}.json`), `${JSON.stringify(a, null, 1)}\n`);
}
const dex = buildPancakeV2();
const compiled = Date.now();
const { state, manifest } = await buildMirror(artifacts, dex, AUX_CONTRACTS);
mkdirSync(join(root, 'fixtures/mirror'), { recursive: true });
writeFileSync(join(root, 'fixtures/mirror/state.json'), state);
writeFileSync(join(root, 'fixtures/mirror/manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(
  `compiled ${artifacts.length} contracts and the PancakeSwap V2 factory and router (pair init code hash ${dex.initCodeHash}) ` +
    `in ${compiled - started} ms; mirror built in ${Date.now() - compiled} ms ` +
    `(${(state.length / 1024).toFixed(0)} KB state, ${Object.keys(manifest.pairs).length} pairs, ${Object.keys(manifest.contracts).length} aux contracts)`,
);
