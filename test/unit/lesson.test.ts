// The lesson check's setting: one sentence added to the hard split's system prompt when a run names a
// lesson, and nowhere else (the published splits' prompts stay byte for byte what they were).
import { describe, expect, test } from 'vitest';
import { promptExtras } from '../../src/episode/hard-rules.ts';
import { LESSONS } from '../../src/episode/lessons.ts';
import { ConfigError, resolveConfig } from '../../src/plugin/config.ts';
import type { Task } from '../../src/instance/task.ts';

const task = (split: Task['split'], protocol: Task['protocol']) => ({ split, protocol }) as unknown as Task;

describe('QUEST_LESSON', () => {
  test('is off unless set, takes a lesson by name, and refuses any other text', () => {
    expect(resolveConfig({}, {}).lesson).toBeUndefined();
    expect(resolveConfig({}, { QUEST_LESSON: 'simulate_as_sent' }).lesson).toBe('simulate_as_sent');
    expect(() => resolveConfig({}, { QUEST_LESSON: 'always win' })).toThrow(ConfigError);
  });

  test("adds the lesson's sentence to the hard split's rules, last, and to nothing else", () => {
    for (const protocol of ['atomic', 'composite'] as const) {
      const plain = promptExtras(task('hard', protocol), 'text');
      const taught = promptExtras(task('hard', protocol), 'text', 'simulate_as_sent');
      expect(taught.rules).toBe(`${plain.rules}\n\n${LESSONS.simulate_as_sent}`);
      expect(plain.rules).not.toContain(LESSONS.simulate_as_sent);
    }
    expect(promptExtras(task('atomic', 'atomic'), 'text', 'simulate_as_sent')).toEqual({ transport: 'text' });
    expect(promptExtras(task('composite', 'composite'), 'tools', 'simulate_as_sent')).toEqual({ transport: 'tools' });
  });
});
