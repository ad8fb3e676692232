// The one base of the errors the harness defines: a stable code to match on, and a hint that says
// what to do. Every error a user can cause (a task file, a setting, a missing fixture, a dead fork, a
// bad argument) is one, with a hint unless its message already says what to do; a plain Error is an
// invariant of the harness itself. Codes are UPPER_SNAKE and stable: tests and callers match on them,
// messages may be reworded. Ground level: it imports nothing, so any layer may throw it.

export interface QuestErrorOptions {
  /** What the user should do about it, one sentence; printed after the message. */
  hint?: string | undefined;
  cause?: unknown;
}

export class QuestError extends Error {
  override name = 'QuestError';
  readonly code: string;
  readonly hint: string | undefined;

  constructor(code: string, message: string, options: QuestErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.hint = options.hint;
  }

  /** The message with its hint, as a user should read it. */
  explain(): string {
    return this.hint === undefined ? this.message : `${this.message}\n  → ${this.hint}`;
  }
}

export function isQuestError(error: unknown): error is QuestError {
  return error instanceof QuestError;
}

/** What a user should read of any thrown value: a QuestError's message with its hint, an Error's message, or the value. */
export function explainError(error: unknown): string {
  if (error instanceof QuestError) return error.explain();
  return error instanceof Error ? error.message : String(error);
}
