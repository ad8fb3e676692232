// Writes the generated parts of the docs: docs/configuration.md from the configuration schema (each
// option's .describe() in src/plugin/config.ts names its environment variable and says what it does),
// the reference of what `evm-questbench/validators` exports into docs/writing-tasks.md (from the
// module's exports and their doc comments), and the address map's table into docs/internals.md (from
// src/tasks/address-map.ts). `npm run build:docs` writes them, `-- --check` only says
// whether they are current; test/unit/config-docs.test.ts fails when a committed page is stale.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { z } from 'zod';
import { PROVIDERS } from '../src/model/providers/index.ts';
import { QuestOptions } from '../src/plugin/config.ts';
import { addressMapTable } from '../src/tasks/address-map.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CONFIGURATION_PAGE = 'docs/configuration.md';
export const WRITING_TASKS_PAGE = 'docs/writing-tasks.md';
const VALIDATORS_INDEX = 'src/validators/index.ts';
const REFERENCE = { start: '<!-- validators-reference:start -->', end: '<!-- validators-reference:end -->' };
export const INTERNALS_PAGE = 'docs/internals.md';
const ADDRESS_MAP_TABLE = { start: '<!-- address-map:start -->', end: '<!-- address-map:end -->' };

/** Text for a table cell: one line, pipes escaped, and every placeholder such as `<id>` outside code set as code. */
function cell(text: string): string {
  const parts = text.replace(/\s+/g, ' ').trim().split('`');
  const out = parts.map((part, i) => (i % 2 === 1 ? part : part.replace(/[^\s("]*<[^<>]+>[^\s),;"]*/g, (m) => `\`${m}\``)));
  return out.join('`').replaceAll('|', '\\|');
}

type JsonSchema = {
  type?: string;
  enum?: unknown[];
  default?: unknown;
  description?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  format?: string;
  pattern?: string;
};

/** What values an option takes, from its JSON Schema. */
function values(p: JsonSchema): string {
  if (p.enum) return p.enum.map((v) => `\`${String(v)}\``).join(', ');
  if (p.type === 'integer' || p.type === 'number') {
    const max = p.maximum !== undefined && p.maximum < Number.MAX_SAFE_INTEGER ? p.maximum : undefined;
    const low = p.exclusiveMinimum !== undefined ? `> ${p.exclusiveMinimum}` : p.minimum !== undefined ? `≥ ${p.minimum}` : '';
    const range =
      p.minimum !== undefined && max !== undefined ? `${p.minimum}-${max}` : [low, max !== undefined ? `≤ ${max}` : ''].join(' ');
    return `${p.type} ${range}`.trim();
  }
  if (p.format === 'uri') return 'URL';
  if (p.pattern) return `text matching \`${p.pattern}\``;
  return 'text';
}

/** One row per option of the schema, in its order: variable, option, default, values, meaning. */
export function configurationRows(): string[] {
  const schema = z.toJSONSchema(QuestOptions, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, JsonSchema> };
  return Object.entries(schema.properties).map(([option, p]) => {
    const m = /^([A-Z][A-Z0-9_]*)(?::\s*([\s\S]*))?$/.exec(p.description ?? '');
    if (!m) throw new Error(`${option}: its .describe() must start with its environment variable ("QUEST_X: what it does")`);
    const meaning = m[2]?.trim();
    if (!meaning) throw new Error(`${option}: its .describe() says only ${m[1]}; add what it does ("${m[1]}: ...")`);
    const dflt = p.default === undefined ? '' : `\`${String(p.default)}\``;
    return `| \`${m[1]}\` | \`${option}\` | ${dflt} | ${values(p)} | ${cell(meaning)} |`;
  });
}

/** The variables of the provider table (src/model/providers/), one row each. */
export const providerRows = (): string[] =>
  PROVIDERS.flatMap((p) => p.env.map((v) => `| \`${v.name}\` |${v.default ? ` \`${v.default}\` ` : ' '}| ${cell(v.meaning)} |`));

export function configurationPage(): string {
  return `# Configuration

For people running the benchmark: every setting, its environment variable and its \`questbench({ ... })\`
option. This page is generated from the schema in \`src/plugin/config.ts\` by \`npm run build:docs\`:
change a setting's \`.describe()\` there, not here.

Environment variables win over \`questbench({ ... })\` options in \`vitest.config.ts\`
(\`questbench({ model: 'openai:gpt-5', rounds: 5 })\`). What each model spec means is in
[Models and protocols](models.md#choosing-a-model).

| Variable | Option | Default | Values | Meaning |
|---|---|---|---|---|
${configurationRows().join('\n')}

## Keys and endpoints of model providers

Credentials stay in the environment: they are read when a model is built and are never part of the
configuration that runs record and hand to workers.

| Variable | Default | Meaning |
|---|---|---|
${providerRows().join('\n')}

## Concurrency

\`QUEST_CONCURRENCY=N\` (or \`questbench({ concurrency: N })\`) keeps N instances in flight for the whole
run, independent of the number of Vitest workers: at the start of each run the plugin learns from
Vitest which tests will run (after \`-t\`, shards and file filters), and every worker, beside the test
Vitest gives it, runs instances of tests still to come in background slots; a test whose instance
already ran just reports it. Each instance in flight holds its own anvil (started once per run from a
state where the agent is already provisioned, then reverted before every use), so 32 or 64 in flight
cost anvils (≈ 25 MB each) and sockets, not Node processes; one worker per benchmark project is
enough. Instances, seeds and scores are the same at any concurrency, and a single task run from the
editor or in watch mode runs just that task.

N also bounds model calls in flight: with an API model, set it to what your rate limit allows (calls
per minute ÷ 60 × seconds per call; e.g. 500 RPM at ~4 s a call ≈ 32). The default 8 suits the local
reference and module models on a small machine; 429s are retried with backoff either way.

## A wrong setting

A wrong setting (unknown \`QUEST_MODEL\`, a missing API key, an unreachable fork URL, a model module
that does not exist, an out-of-range number) stops the run with one message naming the variable,
before any task runs. The harness binds no fixed ports (every anvil, proxy and control server takes
a free port from the OS), so a port in use cannot block a run.
`;
}

const KIND: Partial<Record<ts.SyntaxKind, string>> = {
  [ts.SyntaxKind.FunctionDeclaration]: 'function',
  [ts.SyntaxKind.ClassDeclaration]: 'class',
  [ts.SyntaxKind.InterfaceDeclaration]: 'type',
  [ts.SyntaxKind.TypeAliasDeclaration]: 'type',
  [ts.SyntaxKind.VariableDeclaration]: 'constant',
};

function kindOf(decl: ts.Declaration | undefined): string {
  if (decl && ts.isVariableDeclaration(decl) && decl.initializer) {
    const init = decl.initializer;
    if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return 'function';
  }
  return (decl && KIND[decl.kind]) ?? 'value';
}

/** The leading `//` comment of a module, or of the lines right above a statement. */
function leadingComment(text: string, pos: number): string {
  const lines = text.slice(0, pos).split('\n');
  const block: string[] = [];
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!.trim();
    if (line === '' && block.length === 0) continue;
    if (!line.startsWith('//')) break;
    block.unshift(line.replace(/^\/\/\s?/, ''));
  }
  return block.join(' ');
}

const firstParagraph = (doc: string) =>
  doc
    .split(/\n\s*\n/)[0]!
    .replace(/\s+/g, ' ')
    .trim();

/**
 * What `evm-questbench/validators` exports, one table per statement of src/validators/index.ts in its
 * order, each export with its kind and the first paragraph of its doc comment.
 */
export function validatorsReference(): string {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!parsed) throw new Error('tsconfig.json does not parse');
  const index = join(root, VALIDATORS_INDEX);
  const program = ts.createProgram([index], parsed.options);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(index)!;
  const sections: string[] = [];
  let count = 0;
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier) continue;
    const target = checker.getSymbolAtLocation(statement.moduleSpecifier);
    const file = target?.declarations?.[0]?.getSourceFile();
    if (!target || !file) throw new Error(`${VALIDATORS_INDEX}: cannot resolve ${statement.moduleSpecifier.getText()}`);
    const named = statement.exportClause && ts.isNamedExports(statement.exportClause) ? statement.exportClause.elements : undefined;
    const exported = named
      ? named.map((el) => ({ name: el.name.text, symbol: checker.getExportSpecifierLocalTargetSymbol(el) }))
      : checker.getExportsOfModule(target).map((symbol) => ({ name: symbol.name, symbol }));
    const rows = exported.map(({ name, symbol }) => {
      const resolved = symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const kind = statement.isTypeOnly ? 'type' : kindOf(resolved?.declarations?.[0]);
      const doc = resolved ? firstParagraph(ts.displayPartsToString(resolved.getDocumentationComment(checker))) : '';
      return `| \`${name}\` | ${kind} | ${cell(doc)} |`;
    });
    count += rows.length;
    const path = relative(root, file.fileName).split('\\').join('/');
    // The module's own header, else the comment right above the statement (the first one's is the index's header).
    const above = statement === source.statements[0] ? '' : leadingComment(source.text, statement.getStart());
    const about = leadingComment(file.text, file.statements[0]?.getStart() ?? 0) || above;
    sections.push(
      [`### \`${path}\``, ...(about ? ['', about] : []), '', '| export | kind | what it is |', '|---|---|---|', ...rows].join('\n'),
    );
  }
  return [
    '## Reference: what `evm-questbench/validators` exports',
    '',
    `Generated from \`${VALIDATORS_INDEX}\` by \`npm run build:docs\` (${count} exports): each with its kind and`,
    'the first paragraph of its doc comment, grouped by the module it comes from.',
    '',
    sections.join('\n\n'),
  ].join('\n');
}

/** `page` with the text between the reference's markers replaced by `body`. */
export function withReference(page: string, body: string, markers = REFERENCE, file = WRITING_TASKS_PAGE): string {
  const start = page.indexOf(markers.start);
  const end = page.indexOf(markers.end);
  if (start < 0 || end < start) throw new Error(`${file}: the markers ${markers.start} ... ${markers.end} are missing`);
  return `${page.slice(0, start + markers.start.length)}\n${body}\n${page.slice(end)}`;
}

/** Every generated page as it should read: path (from the repository's root) and text. */
export function generatedPages(): { file: string; text: string }[] {
  const writing = readFileSync(join(root, WRITING_TASKS_PAGE), 'utf8');
  return [
    { file: CONFIGURATION_PAGE, text: configurationPage() },
    { file: WRITING_TASKS_PAGE, text: withReference(writing, validatorsReference()) },
    {
      file: INTERNALS_PAGE,
      text: withReference(readFileSync(join(root, INTERNALS_PAGE), 'utf8'), addressMapTable(), ADDRESS_MAP_TABLE, INTERNALS_PAGE),
    },
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const { file, text } of generatedPages()) {
    const current = existsSync(join(root, file)) ? readFileSync(join(root, file), 'utf8') : undefined;
    if (current === text) console.log(`unchanged ${file}`);
    else if (check) {
      console.log(`stale ${file}: run npm run build:docs`);
      stale++;
    } else {
      writeFileSync(join(root, file), text);
      console.log(`wrote ${file}`);
    }
  }
  process.exitCode = stale ? 1 : 0;
}
