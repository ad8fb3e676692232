// The one base of every error a user can cause: a stable code to match on, and a hint that says what
// to do. Ground level: it imports nothing, so any layer may throw it.

export interface QuestErrorOptions {
  /** What the user should do about it, one sentence; printed after the message. */
  hint?: string;
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
