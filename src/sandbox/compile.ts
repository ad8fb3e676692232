// Compiles a skill with esbuild. Bundling is used only so every import passes through a gate that
// lets the vendored libraries through (as external file URLs) and refuses everything else with a
// message the model can act on.
import * as esbuild from 'esbuild';
import { IMPORTABLE } from './vendor.ts';
import type { VendorBundles } from './vendor.ts';

export type Compiled =
  | { ok: true; js: string; exports: string[] /** vendor bundle URLs the skill imports, sorted */; imports: string[] }
  | { ok: false; message: string };

function importGate(vendor: VendorBundles): esbuild.Plugin {
  const list = IMPORTABLE.map((s) => `"${s}"`).join(', ');
  return {
    name: 'skill-import-gate',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        const url = vendor.urls.get(args.path);
        if (url && args.kind !== 'require-call' && args.kind !== 'require-resolve') return { path: url, external: true };
        const why = url ? `require("${args.path}") is not supported; use import` : `import "${args.path}" is not allowed`;
        return { errors: [{ text: `${why}. Skills may import only: ${list}` }] };
      });
    },
  };
}

let gate: { vendor: VendorBundles; plugin: esbuild.Plugin } | undefined;

function formatEsbuildErrors(errors: esbuild.Message[]): string {
  return errors.map((e) => (e.location ? `${e.location.file}:${e.location.line}:${e.location.column}: ${e.text}` : e.text)).join('\n');
}

export async function compile(code: string, vendor: VendorBundles): Promise<Compiled> {
  if (gate?.vendor !== vendor) gate = { vendor, plugin: importGate(vendor) };
  try {
    const result = await esbuild.build({
      stdin: { contents: code, loader: 'ts', sourcefile: 'skill.ts' },
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      target: 'esnext',
      write: false,
      metafile: true,
      sourcemap: 'inline',
      // Keep the project's tsconfig out of skill compilation.
      tsconfigRaw: '{}',
      logLevel: 'silent',
      plugins: [gate.plugin],
    });
    const js = result.outputFiles[0]?.text ?? '';
    const outputs = Object.values(result.metafile.outputs);
    const exports = outputs.flatMap((o) => o.exports);
    const vendorUrls = new Set(vendor.urls.values());
    const imports = [...new Set(outputs.flatMap((o) => o.imports.map((i) => i.path)).filter((p) => vendorUrls.has(p)))].sort();
    return { ok: true, js, exports, imports };
  } catch (err) {
    const errors = (err as { errors?: esbuild.Message[] }).errors;
    if (errors && errors.length > 0) {
      const gated = errors.some((e) => e.pluginName === 'skill-import-gate');
      return { ok: false, message: `${gated ? 'import error' : 'compile error'}: ${formatEsbuildErrors(errors)}` };
    }
    throw err;
  }
}

/** Warms esbuild's service so the first timed run does not start it. */
export async function startCompiler(): Promise<void> {
  await esbuild.transform('export {}', { loader: 'ts' });
}
