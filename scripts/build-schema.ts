// Writes tasks/task.schema.json, tasks/composite.schema.json and tasks/hard-task.schema.json from the zod schemas, so editors complete
// and check task files, and tasks/params.ts from the task files, so validators and references share one
// type of each task's parameters.
import { writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { writeParamTypes } from '../src/tasks/params-types.ts';
import { HardAtomicTask, HardCompositeTask } from '../src/tasks/hard-schema.ts';
import { AtomicTask, CompositeTask } from '../src/tasks/schema.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
for (const [file, schema, title] of [
  ['tasks/task.schema.json', AtomicTask, 'evm-questbench atomic task'],
  ['tasks/composite.schema.json', CompositeTask, 'evm-questbench composite task'],
  [
    'tasks/hard-task.schema.json',
    z.union([HardAtomicTask, HardCompositeTask]),
    'evm-questbench hard task (single reply, or rounds when it has a workflow)',
  ],
] as const) {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  writeFileSync(join(root, file), `${JSON.stringify({ ...json, title }, null, 2)}\n`);
  console.log(`wrote ${file}`);
}
const types = writeParamTypes(join(root, 'tasks'));
console.log(`${types.current ? 'unchanged' : 'wrote'} ${relative(root, types.file)}`);
