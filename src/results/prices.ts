import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import type { PriceTable } from './run-summary.ts';

const Prices = z.record(z.string(), z.object({ input: z.number(), output: z.number() }));

/**
 * A price file { "<model>": { "input": USD per 1M tokens, "output": ... } }, validated; none (an empty
 * table) without a path. `label` names the file in the not-found error (the CLI's --prices, the
 * reporter's QUEST_PRICES); every error names the path and what is wrong with it.
 */
export function readPrices(path: string | undefined, label = 'price file'): PriceTable {
  if (!path) return {};
  if (!existsSync(path)) throw new Error(`${label} not found: ${path}`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new Error(`${path}: ${(e as Error).message}`);
  }
  const parsed = Prices.safeParse(raw);
  if (!parsed.success) throw new Error(`${path}: expected { "<model>": { "input": number, "output": number } }`);
  return parsed.data;
}
