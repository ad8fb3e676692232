// `npm run build`: the installable package. TypeScript compiles src/ and reporters/ to dist/ (ESM and
// .d.ts, relative .ts imports rewritten to .js); the Deno-side sandbox modules are copied as they are;
// the run viewer's page script is bundled on its own (it needs the DOM library, not Node's).
import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const started = Date.now();
rmSync(join(root, 'dist'), { recursive: true, force: true });
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
for (const f of readdirSync(join(root, 'src/sandbox')).filter((f) => f.endsWith('.mjs'))) {
  cpSync(join(root, 'src/sandbox', f), join(root, 'dist/src/sandbox', f));
}
for (const page of ['client', 'board-page']) {
  await esbuild.build({
    entryPoints: [join(root, `src/results/viewer/${page}.ts`)],
    outfile: join(root, `dist/src/results/viewer/${page}.js`),
    bundle: true,
    format: 'esm',
    target: 'es2020',
    logLevel: 'warning',
  });
}
console.log(`built dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
