// The committed fixtures (compiled artifacts, the BSC mirror, the hard split's chain) missing or out of
// step with the code that reads them: a user fixes it by rebuilding them.
import { QuestError } from '../errors.ts';

export const BUILD_FIXTURES = 'run `npm run build:fixtures` (it rebuilds fixtures/artifacts and fixtures/mirror)';

/** A fixture that is not there; the hint is left out when the message already says to rebuild. */
export function fixtureMissing(message: string): QuestError {
  return new QuestError('FIXTURE_MISSING', message, { hint: message.includes('build:fixtures') ? undefined : BUILD_FIXTURES });
}

/** A fixture that is there but was built for other code (another schema, another clock). */
export function fixtureStale(message: string, cause?: unknown): QuestError {
  return new QuestError('FIXTURE_STALE', message, { hint: BUILD_FIXTURES, cause });
}
