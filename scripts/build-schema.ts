// Writes tasks/task.schema.json from the zod schema, so editors complete and check task files.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { AtomicTask, CompositeTask } from '../src/tasks/schema.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
for (const [file, schema, title] of [
  ['tasks/task.schema.json', AtomicTask, 'evm-questbench atomic task'],
  ['tasks/composite.schema.json', CompositeTask, 'evm-questbench composite task'],
] as const) {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  writeFileSync(join(root, file), `${JSON.stringify({ ...json, title }, null, 2)}\n`);
  console.log(`wrote ${file}`);
}
