// The names a script uses but never declares (beyond the globals of a web runtime such as Deno's), found
// by the TypeScript checker: for a round script written from skill functions, any such name is something
// the function took from the module it was written in, which does not exist where the script runs.
import ts from 'typescript';

const FILE = '/skill.ts';
/** "Cannot find name" and its variants ("did you mean ...", a shorthand property with no value in scope). */
const UNRESOLVED = new Set([2304, 2552, 2662, 2663, 18004]);
const options: ts.CompilerOptions = {
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
  types: [],
  noResolve: true,
  strict: false,
};
const libs = new Map<string, ts.SourceFile | undefined>();
const base = ts.createCompilerHost(options);

export function freeNames(code: string): string[] {
  const host: ts.CompilerHost = {
    ...base,
    getSourceFile(name, version) {
      if (name === FILE) return ts.createSourceFile(FILE, code, version, true);
      if (!libs.has(name)) libs.set(name, base.getSourceFile(name, version));
      return libs.get(name);
    },
    fileExists: (name) => name === FILE || base.fileExists(name),
    readFile: (name) => (name === FILE ? code : base.readFile(name)),
  };
  const program = ts.createProgram({ rootNames: [FILE], options, host });
  const names = ts
    .getPreEmitDiagnostics(program, program.getSourceFile(FILE))
    .filter((d) => UNRESOLVED.has(d.code) && d.file && d.start !== undefined)
    .map((d) => d.file!.text.slice(d.start!, d.start! + d.length!));
  return [...new Set(names)].sort();
}
