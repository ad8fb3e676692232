// Statistics for multi-round benchmark scores. Pure functions with no project imports.
//
// Error conventions:
// - distribution functions (studentTCdf, studentTQuantile, regularizedIncompleteBeta)
//   return NaN for out-of-domain arguments, like Math.*;
// - empty samples give NaN results;
// - misuse that signals a caller bug (bad confidence or percentile p, mismatched
//   lengths, NaN in ranked data) throws RangeError.
export { mean, sampleSd, standardError, cv, summarize, passCount, percentile } from './descriptive.ts';
export type { Summary } from './descriptive.ts';
export { studentTCdf, studentTQuantile, studentTTwoSidedP } from './student-t.ts';
export { logGamma, logBeta, regularizedIncompleteBeta } from './special.ts';
export { rankWithTies, pearson, spearman, spearmanStability } from './spearman.ts';
export type { SpearmanResult } from './spearman.ts';
export { passHatEstimate, reliability, reliabilityBySplit } from './reliability.ts';
export type { Reliability, RoundOutcome, TaskReliability } from './reliability.ts';
