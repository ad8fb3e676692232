// Its own module so that what model/ builds on (the agent runner among them) can throw it without a
// circle through the model types.

/** The model cannot work as configured; the message says exactly what to set or fix. */
export class ModelConfigError extends Error {
  override name = 'ModelConfigError';
}
