// A value the context guarantees where it is read: the sent transaction in a transaction task's check, the
// element a length check has proved, a log a filter has found. Reading it through `defined` says so and
// fails loudly when the guarantee does not hold, where a `!` would let undefined run on.

/** `value`, or an error naming `what` when it is undefined or null (a check that throws fails, with the message). */
export function defined<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`${what} is missing`);
  return value;
}
