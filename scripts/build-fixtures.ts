// Compiles the project's contracts and builds the chain states. Output is committed; runs never compile.
// The base mirror (the published splits' chain) is kept as committed unless `--base` is given or it is
// missing: anvil's dumps are not byte-for-byte reproducible, and the published splits must not change.
// The hard split's chain is always rebuilt, on top of the base mirror.
// `-- --chain base` builds only the Base (8453) mirror (fixtures/mirror/base-state.json, base-manifest.json):
// it compiles only the contracts of its own, takes the auxiliary ones from the committed artifacts, and
// leaves the BSC mirror, the hard chain and every other artifact alone.
import '../src/polyfills.ts';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildMirror, type MirrorManifest } from '../src/chain/build-mirror.ts';
import { buildHardMirror } from '../src/chain/build-hard-mirror.ts';
import { compileContracts } from '../src/chain/compile.ts';
import { VENUS_MARKETS } from '../src/chain/hard-spec.ts';
import { loadPancakeV3 } from '../src/chain/pancake-v3.ts';
import { buildPancakeV2 } from '../src/chain/pancake-v2.ts';
import { buildVenus } from '../src/chain/venus-build.ts';
import { AUX_CONTRACTS } from '../src/chain/aux-contracts.ts';
import { loadArtifacts } from '../src/chain/artifacts.ts';
import { BASE_MIRROR_CONTRACT_FILES, buildBaseMirror } from '../src/chain/build-base-mirror.ts';
import { buildUniswapV2 } from '../src/chain/uniswap-v2.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const mirror = (file: string) => join(root, 'fixtures/mirror', file);
const started = Date.now();
const chainAt = process.argv.indexOf('--chain');
const chainArg = chainAt > 0 ? process.argv[chainAt + 1] : undefined;
if (chainAt > 0 && chainArg !== 'base') {
  console.error(`--chain takes "base" (the only chain besides BSC's default build), not ${chainArg ?? 'nothing'}`);
  process.exit(2);
}
if (chainArg === 'base') {
  const own = compileContracts(join(root, 'fixtures/contracts'), BASE_MIRROR_CONTRACT_FILES);
  mkdirSync(join(root, 'fixtures/artifacts'), { recursive: true });
  for (const a of own) writeFileSync(join(root, 'fixtures/artifacts', `${a.contractName}.json`), `${JSON.stringify(a, null, 1)}\n`);
  const artifacts = [...loadArtifacts().values()].filter((a) => !own.some((o) => o.contractName === a.contractName)).concat(own);
  const dex = buildUniswapV2();
  const compiled = Date.now();
  console.log(
    `compiled ${own.map((a) => a.contractName).join(', ')} and the Uniswap V2 factory and router (pair init code hash ${dex.initCodeHash}) in ${compiled - started} ms`,
  );
  const { state, manifest } = await buildBaseMirror(artifacts, dex);
  writeFileSync(mirror('base-state.json'), state);
  writeFileSync(mirror('base-manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(
    `Base mirror built in ${Date.now() - compiled} ms ` +
      `(${(state.length / 1024).toFixed(0)} KB state, ${Object.keys(manifest.pairs).length} pairs, ${Object.keys(manifest.contracts).length} aux contracts); ` +
      'the BSC mirror and the hard chain were not rebuilt',
  );
  process.exit(0);
}
// `-- --contracts A.sol,B.sol`: compile those files and write their artifacts only (a task's contracts,
// placed per instance, are not part of any chain state).
const onlyAt = process.argv.indexOf('--contracts');
const only = onlyAt > 0 ? process.argv[onlyAt + 1]?.split(',').filter(Boolean) : undefined;
const artifacts = compileContracts(join(root, 'fixtures/contracts'), only);
mkdirSync(join(root, 'fixtures/artifacts'), { recursive: true });
for (const a of artifacts) {
  writeFileSync(join(root, 'fixtures/artifacts', `${a.contractName}.json`), `${JSON.stringify(a, null, 1)}\n`);
}
if (only) {
  console.log(`compiled ${artifacts.map((a) => a.contractName).join(', ')} in ${Date.now() - started} ms; no chain state was rebuilt`);
  process.exit(0);
}
const dex = buildPancakeV2();
const compiled = Date.now();
console.log(
  `compiled ${artifacts.length} contracts and the PancakeSwap V2 factory and router (pair init code hash ${dex.initCodeHash}) in ${compiled - started} ms`,
);

mkdirSync(join(root, 'fixtures/mirror'), { recursive: true });
if (process.argv.includes('--base') || !existsSync(mirror('state.json')) || !existsSync(mirror('manifest.json'))) {
  const { state, manifest } = await buildMirror(artifacts, dex, AUX_CONTRACTS);
  writeFileSync(mirror('state.json'), state);
  writeFileSync(mirror('manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(
    `base mirror built in ${Date.now() - compiled} ms ` +
      `(${(state.length / 1024).toFixed(0)} KB state, ${Object.keys(manifest.pairs).length} pairs, ${Object.keys(manifest.contracts).length} aux contracts)`,
  );
} else {
  console.log('kept the committed base mirror (fixtures/mirror/state.json); pass --base to rebuild it');
}

const hardStarted = Date.now();
const v3 = loadPancakeV3();
const venus = buildVenus([...new Set(VENUS_MARKETS.map((m) => m.rateModel))]);
const hardCompiled = Date.now();
const baseManifest = JSON.parse(readFileSync(mirror('manifest.json'), 'utf8')) as MirrorManifest;
const hard = await buildHardMirror({ baseState: mirror('state.json'), baseManifest, artifacts, v3, venus });
writeFileSync(mirror('hard-state.json'), hard.state);
writeFileSync(mirror('hard-manifest.json'), `${JSON.stringify(hard.manifest, null, 2)}\n`);
console.log(
  `hard mirror: Venus compiled and checked against its BSC records in ${hardCompiled - hardStarted} ms, chain built in ${Date.now() - hardCompiled} ms ` +
    `(${(hard.state.length / 1024).toFixed(0)} KB state, ${hard.manifest.hard.v3.pools.length} V3 pools, ` +
    `${Object.keys(hard.manifest.hard.venus.markets).length} Venus markets, ${Object.keys(hard.manifest.hard.tokens).length} tokens of our own)`,
);
