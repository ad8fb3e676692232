// Writes tasks/task.schema.json from the zod schema, so editors complete and check task files.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { AtomicTask } from '../src/tasks/schema.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const schema = z.toJSONSchema(AtomicTask, { io: 'input', unrepresentable: 'any' });
writeFileSync(join(root, 'tasks/task.schema.json'), `${JSON.stringify({ ...schema, title: 'evm-questbench task' }, null, 2)}\n`);
console.log('wrote tasks/task.schema.json');
