// Its own module so that what model/ builds on (the agent runner among them) can throw it without a
// circle through the model types.
import { QuestError } from '../errors.ts';

/** The model cannot work as configured; the message says exactly what to set or fix. */
export class ModelConfigError extends QuestError {
  override name = 'ModelConfigError';

  constructor(message: string, options: { hint?: string; cause?: unknown } = {}) {
    super('MODEL_CONFIG', message, options);
  }
}
