// A `module:` model for the bench's "under attack" section. For half the tasks (attackPlan in
// test/fixtures/attacks.ts) it answers an attack script that leans on the shared proxy and node, then
// answers a no-op (composite: a plan, the attack as the first round, then a submit); for the others
// the gold solution it finds from the messages alone. BENCH_ATTACK=off answers gold everywhere: the
// clean run it is compared with.
import { ATTACKS, attackPlan, attackSkill } from '../test/fixtures/attacks.ts';
import { goldReply } from '../test/fixtures/gold.ts';
import { readTaskSpecs } from '../src/tasks/load.ts';

const ROOT = new URL('..', import.meta.url).pathname;
let plan;
const planned = () =>
  (plan ??= attackPlan([...readTaskSpecs('tasks/atomic', ROOT), ...readTaskSpecs('tasks/composite', ROOT)].map((t) => t.spec.id)));

export async function respond(messages) {
  const gold = await goldReply(messages);
  if (!gold) return '{"error": "unknown request"}';
  const attack = process.env.BENCH_ATTACK === 'off' ? undefined : planned().get(gold.hit.taskId);
  if (!attack) return gold.text;
  const script = `\`\`\`typescript\n${attackSkill(ATTACKS[attack])}\n\`\`\``;
  if (gold.hit.split === 'atomic') return script;
  const replies = messages.filter((m) => m.role === 'assistant').length;
  if (replies === 0) return 'Plan: read what the chain holds, then act.';
  return replies === 1 ? script : '{"submit": true}';
}
