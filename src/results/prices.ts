import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { QuestError } from '../errors.ts';
import type { PriceTable } from './run-summary.ts';

const SHAPE = 'a price file is JSON: { "<model>": { "input": USD per 1M tokens, "output": USD per 1M tokens } }';

const Prices = z.record(z.string(), z.object({ input: z.number(), output: z.number() }));

/**
 * A price file { "<model>": { "input": USD per 1M tokens, "output": ... } }, validated; none (an empty
 * table) without a path. `label` names the file in the not-found error (the CLI's --prices, the
 * reporter's QUEST_PRICES); every error names the path and what is wrong with it.
 */
export function readPrices(path: string | undefined, label = 'price file'): PriceTable {
  if (!path) return {};
  if (!existsSync(path)) {
    throw new QuestError('PRICES_FILE', `${label} not found: ${path}`, {
      hint: 'name an existing price file (--prices or QUEST_PRICES), or leave both out for no cost column',
    });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new QuestError('PRICES_FILE', `${path}: ${(e as Error).message}`, { hint: SHAPE });
  }
  const parsed = Prices.safeParse(raw);
  if (!parsed.success) {
    throw new QuestError('PRICES_FILE', `${path}: expected { "<model>": { "input": number, "output": number } }`, {
      hint: 'give each model its USD per million input and output tokens, as numbers',
    });
  }
  return parsed.data;
}
