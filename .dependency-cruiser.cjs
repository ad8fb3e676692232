// The layers of the harness, from the ground up, and the check `npm run lint` makes of them: no import
// circle, and no import (static, type-only or dynamic) from a tier to one above it. Imports within a
// tier are free as long as they make no circle, between files or between folders.
//
// A tier holds folders, and may hold single files placed apart from their folder's tier: a file that
// belongs lower than the folder it stands in today (its move is listed beside it).

/** @type {{ name: string, says: string, folders: string[], files?: Record<string, string> }[]} */
const TIERS = [
  {
    name: 'ground',
    says: 'pure pieces: statistics, task schemas and instantiation, the address map, errors, the fault seam',
    folders: ['src/stats/', 'src/tasks/'],
    files: {
      'src/errors.ts': '',
      'src/fault-points.ts': '',
      'src/package-root.ts': '',
      'src/polyfills.ts': '',
      'src/source-aliases.ts': '',
      'src/instance/environment.ts': 'the prompt text of the address map: belongs in src/episode/',
    },
  },
  { name: 'node', says: 'the chain and the sandbox', folders: ['src/chain/', 'src/sandbox/'] },
  {
    name: 'readers',
    says: 'what reads them: models, signing and sending, the checks, what a mistake costs, the result record',
    folders: ['src/model/', 'src/execution/', 'src/validators/', 'src/risk/', 'src/results/'],
    files: { 'src/agent/runner.ts': 'the runner of a wallet agent is resolved as a model: belongs in src/model/' },
  },
  {
    name: 'episode',
    says: "what every protocol's episode is made of: its context, the dialogue, the script step, replies, prompt parts",
    folders: ['src/episode/'],
  },
  { name: 'protocols', says: 'one reply, rounds, a wallet agent', folders: ['src/atomic/', 'src/composite/', 'src/agent/'] },
  { name: 'orchestrator', says: "one instance end to end over its protocol's solver", folders: ['src/instance/'] },
  { name: 'plugin', says: 'the Vitest plugin', folders: ['src/plugin/'] },
  { name: 'reporter', says: 'the Vitest reporter and the command line', folders: ['reporters/', 'bin/'] },
];

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const placed = TIERS.flatMap((t) => Object.keys(t.files ?? {}));
const notPlaced = placed.length ? `(?!(?:${placed.map(escape).join('|')})$)` : '';
/** The paths of a tier: its files, and its folders less the files placed in any tier. */
const pathsOf = (t) => [...Object.keys(t.files ?? {}).map((f) => `^${escape(f)}$`), ...t.folders.map((d) => `^${notPlaced}${escape(d)}`)];

const upward = TIERS.slice(0, -1).map((tier, i) => ({
  name: `${tier.name}-imports-upward`,
  severity: 'error',
  comment: `${tier.name} (${tier.says}) imports only from its own tier and those below it: ${TIERS.slice(0, i + 1)
    .map((t) => t.name)
    .join(', ')}`,
  from: { path: pathsOf(tier) },
  to: { path: TIERS.slice(i + 1).flatMap(pathsOf) },
}));

// Between tiers the rules above leave no circle of folders; within one, folders that import each other.
const folderCircles = TIERS.map((tier) => {
  const folders = tier.folders.map((d) => `^${escape(d.replace(/\/$/, ''))}(?:/|$)`);
  return {
    name: `${tier.name}-folders-in-a-circle`,
    severity: 'error',
    comment: `folders of ${tier.name} whose files import each other, directly or through other folders`,
    scope: 'folder',
    from: { path: folders },
    to: { path: folders, circular: true },
  };
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'files that import each other, directly or through others',
      from: {},
      to: { circular: true },
    },
    ...folderCircles,
    ...upward,
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'an import of a file that is not there is one the tiers above cannot check',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are imports of the layer too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    reporterOptions: { text: { highlightFocused: true } },
  },

};
