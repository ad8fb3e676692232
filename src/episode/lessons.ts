// A lesson check asks how much of a mechanism's difficulty one sentence of advice removes: the run adds
// the sentence to the hard split's system prompt. Only a run that names a lesson (QUEST_LESSON) has one.

/**
 * Sentences a lesson check adds to the hard split's system prompt (QUEST_LESSON), to measure how much of a
 * mechanism's difficulty one sentence of advice removes. Never part of a default run.
 */
export const LESSONS = {
  simulate_as_sent:
    'Contracts may behave differently in a simulation than when mined: simulate with the fees and gas limit your transaction will carry.',
} as const;
export type Lesson = keyof typeof LESSONS;
export const LESSON_KEYS = Object.keys(LESSONS) as [Lesson, ...Lesson[]];
