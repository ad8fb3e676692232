// The surface task authors import from: defineValidator, the check library and chain readers.
export { defineValidator } from './define.ts';
export * from './checks.ts';
export * from './read.ts';
export type * from './types.ts';
