import { z } from 'zod';
import { addressEntry } from './address-map.ts';
import { AMOUNT_UNITS, CHAIN_IDS } from './chain-profile.ts';

const decimalString = z
  .union([z.number(), z.string()])
  .transform((v) => String(v))
  .refine((s) => /^\d+(\.\d+)?$/.test(s), 'must be a non-negative decimal number, e.g. "0.01"');
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address');
/** A value inside a choice record: a literal, or a reference to an address of the environment. */
const choiceValue = z.union([z.string(), z.number(), z.boolean(), z.object({ env: z.string() }).strict()]);

export const ParamSpec = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('address'),
      source: z.enum(['random', 'env', 'fixed']),
      key: z.string().optional().describe('environment key when source is "env", e.g. "USDT", "agent", "router"'),
      value: address.optional().describe('the address when source is "fixed"'),
    })
    .strict()
    .superRefine((p, ctx) => {
      if (p.source === 'env' && !p.key) ctx.addIssue({ code: 'custom', message: 'source "env" needs a "key"', path: ['key'] });
      if (p.source === 'fixed' && !p.value) ctx.addIssue({ code: 'custom', message: 'source "fixed" needs a "value"', path: ['value'] });
    }),
  z
    .object({
      kind: z.literal('amount'),
      min: decimalString,
      max: decimalString,
      decimals: z.number().int().min(0).max(18).describe('decimal places of the sampled value as the prompt shows it'),
      unit: z
        .union([z.enum(AMOUNT_UNITS), z.object({ of: z.string().min(1), field: z.string().min(1).optional() }).strict()])
        .optional()
        .describe(
          'what the amount is of: the native coin, a token by its BSC key, or { "of": "<choice parameter>", "field"?: "<its address field>" } for the token a choice drew; on another chain it keeps its USD value',
        ),
    })
    .strict()
    .refine((p) => Number(p.min) <= Number(p.max), { message: 'min must not exceed max', path: ['max'] }),
  z
    .object({
      kind: z.literal('integer'),
      min: z.number().int(),
      max: z.number().int(),
      step: z.number().int().positive().default(1),
    })
    .strict()
    .refine((p) => p.min <= p.max, { message: 'min must not exceed max', path: ['max'] }),
  z
    .object({
      kind: z.literal('choice'),
      options: z.array(z.record(z.string(), choiceValue)).min(1).describe('records drawn together, e.g. a symbol with its address'),
    })
    .strict(),
  z
    .object({
      kind: z.literal('string'),
      length: z.number().int().min(1).max(200),
      charset: z.enum(['alphanumeric', 'alpha', 'words']).default('alphanumeric'),
    })
    .strict(),
  z.object({ kind: z.literal('fixed'), value: z.unknown() }).strict(),
  z
    .object({
      kind: z.literal('derived'),
      description: z.string().min(3).describe("computed per instance by the validator's derive() (e.g. a signature)"),
    })
    .strict(),
]);
export type ParamSpec = z.infer<typeof ParamSpec>;

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)(?:\.([A-Za-z_][A-Za-z0-9_]*))?\}/g;

export function placeholders(template: string): { name: string; field?: string }[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => ({ name: m[1]!, ...(m[2] ? { field: m[2] } : {}) }));
}

/** The chains a task runs on; BSC alone when it names none (docs/chains.md says what a port to another needs). */
const chains = z
  .array(z.enum(CHAIN_IDS))
  .min(1)
  .optional()
  .describe('the chain profiles this task runs on (default ["bsc"]); one besides BSC is a claim its tests check there');

/**
 * What a task says otherwise on a chain where the word-for-word translation of its BSC text is wrong (an
 * answer format that states BSC's decimals): the chain's own templates (as many as BSC's, in the same
 * order) or answer format, written in that chain's words and used as they are.
 */
const onChain = z
  .partialRecord(
    z.enum(CHAIN_IDS),
    z
      .object({
        templates: z.array(z.string().min(10)).min(2).max(5).optional(),
        answer: z
          .object({ format: z.string().min(10) })
          .strict()
          .optional(),
      })
      .strict(),
  )
  .optional()
  .describe("per chain: templates or an answer format of that chain's own, where translating BSC's text would be wrong");

const parameters = z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), ParamSpec).default({});

/**
 * Contracts a task adds to the address map its scripts receive (`deployedContracts`, the prompt's table and
 * the validator's env), by key: where it is and what the prompt says of it. A key of the harness's own
 * maps (src/tasks/address-map.ts) or `agent` cannot be redeclared.
 */
const addresses = z
  .record(
    z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/),
    z
      .object({
        address,
        description: z.string().min(1).describe('what the prompt says of it, e.g. "TipJar: tip(string note) payable, tips()"'),
      })
      .strict(),
  )
  .superRefine((keys, ctx) => {
    for (const key of Object.keys(keys)) {
      if (key === 'agent' || addressEntry(key))
        ctx.addIssue({
          code: 'custom',
          message: `${key} is a key of the harness's address map already; name the contract otherwise`,
          path: [key],
        });
    }
  })
  .optional()
  .describe("contracts the task adds to the address map: key -> { address, description }; typed as TaskEnv<'id'> by questbench types");

/** Every placeholder of every template must name a parameter (and a field, for choices). */
export function checkTemplates(
  t: {
    templates: string[];
    parameters: Record<string, ParamSpec>;
    onChain?: Partial<Record<string, { templates?: string[] | undefined }>> | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  for (const [chain, own] of Object.entries(t.onChain ?? {})) {
    if (!own?.templates) continue;
    if (own.templates.length !== t.templates.length) {
      ctx.addIssue({
        code: 'custom',
        message: `${chain} has ${own.templates.length} templates where the task has ${t.templates.length}: give one for each, in the same order`,
        path: ['onChain', chain, 'templates'],
      });
    }
    checkTemplates({ templates: own.templates, parameters: t.parameters }, ctx);
  }
  for (const [name, spec] of Object.entries(t.parameters)) {
    if (spec.kind !== 'amount' || typeof spec.unit !== 'object') continue;
    const unit = spec.unit;
    const of = t.parameters[unit.of];
    if (of?.kind !== 'choice') {
      ctx.addIssue({ code: 'custom', message: `unit.of "${unit.of}" is not a choice parameter`, path: ['parameters', name, 'unit'] });
    } else if (unit.field && of.options.some((o) => typeof o[unit.field!] !== 'object')) {
      ctx.addIssue({
        code: 'custom',
        message: `unit.field "${unit.field}" is not an address ({ "env": … }) of every option of ${unit.of}`,
        path: ['parameters', name, 'unit'],
      });
    }
  }
  t.templates.forEach((tpl, i) => {
    for (const ph of placeholders(tpl)) {
      const spec = t.parameters[ph.name];
      if (!spec) {
        ctx.addIssue({ code: 'custom', message: `placeholder {${ph.name}} has no parameter`, path: ['templates', i] });
      } else if (ph.field && spec.kind !== 'choice') {
        ctx.addIssue({ code: 'custom', message: `{${ph.name}.${ph.field}}: only choice parameters have fields`, path: ['templates', i] });
      } else if (ph.field && spec.kind === 'choice' && spec.options.some((o) => !(ph.field! in o))) {
        ctx.addIssue({ code: 'custom', message: `{${ph.name}.${ph.field}}: not every option has "${ph.field}"`, path: ['templates', i] });
      } else if (!ph.field && spec.kind === 'choice') {
        ctx.addIssue({
          code: 'custom',
          message: `{${ph.name}} is a choice: name a field, e.g. {${ph.name}.symbol}`,
          path: ['templates', i],
        });
      }
    }
  });
}

/** The fields of an atomic task; the hard split's single-transaction tasks add theirs. */
export const atomicTaskShape = {
  $schema: z.string().optional(),
  id: z.string().regex(/^[a-z0-9_]+$/, 'lower-case letters, digits and underscores'),
  // The built-in tasks use the first three; a project's own tasks may name their own.
  category: z.union([z.enum(['basic_transactions', 'defi_operations', 'advanced_features']), z.string().regex(/^[a-z][a-z0-9_]*$/)]),
  subcategory: z.string().min(1),
  difficulty: z.enum(['easy', 'medium', 'hard']),
  title: z.string().min(1),
  kind: z.enum(['transaction', 'query']).describe('transaction: the script returns one unsigned tx; query: it returns { answer }'),
  templates: z.array(z.string().min(10)).min(3).max(5).describe('3-5 phrasings of the request; {param} or {param.field} placeholders'),
  parameters,
  addresses,
  answer: z
    .object({ format: z.string().min(10).describe('the exact format of `answer`, stated to the model verbatim') })
    .strict()
    .optional(),
  validator: z.string().optional().describe('validator module next to the task file; default <id>.validator.ts'),
  reference: z.string().optional().describe('reference solution next to the task file; default <id>.reference.ts'),
  chains,
  onChain,
};

/** Rules across fields that every atomic-protocol task keeps. */
export function checkAtomic(
  t: { kind: 'transaction' | 'query'; answer?: unknown; templates: string[]; parameters: Record<string, ParamSpec> },
  ctx: z.RefinementCtx,
): void {
  if (t.kind === 'query' && !t.answer)
    ctx.addIssue({ code: 'custom', message: 'query tasks must state the answer format', path: ['answer'] });
  if (t.kind === 'transaction' && t.answer)
    ctx.addIssue({ code: 'custom', message: 'only query tasks have an answer format', path: ['answer'] });
  checkTemplates(t, ctx);
}

/** A task's templates on a chain: its own there, or BSC's (said in the chain's words when rendered). */
export const templatesOn = (
  task: { templates: string[]; onChain?: Partial<Record<string, { templates?: string[] | undefined }>> | undefined },
  chain: string,
): { templates: string[]; own: boolean } => {
  const own = task.onChain?.[chain]?.templates;
  return own ? { templates: own, own: true } : { templates: task.templates, own: false };
};

/** A task's answer format on a chain: its own there, or BSC's; undefined when it has none. */
export const answerFormatOn = (
  task: {
    answer?: { format: string } | undefined;
    onChain?: Partial<Record<string, { answer?: { format: string } | undefined }>> | undefined;
  },
  chain: string,
): { format: string; own: boolean } | undefined => {
  const own = task.onChain?.[chain]?.answer?.format;
  if (own) return { format: own, own: true };
  return task.answer ? { format: task.answer.format, own: false } : undefined;
};

/** Whether a task runs on a chain: the chains it names, or BSC alone. */
export const runsOn = (task: { chains?: readonly string[] | undefined }, chain: string): boolean =>
  (task.chains ?? ['bsc']).includes(chain);

export const AtomicTask = z.object(atomicTaskShape).strict().superRefine(checkAtomic);
export type AtomicTask = z.infer<typeof AtomicTask>;

/** Readable "field: message" lines for a failed parse, naming the file. */
export function describeIssues(file: string, error: z.ZodError): string {
  const lines = error.issues.map((i) => `  - ${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`);
  return `invalid task file ${file}:\n${lines.join('\n')}`;
}

/** The fields of a composite task; the hard split's multi-round tasks add theirs. */
export const compositeTaskShape = {
  $schema: z.string().optional(),
  id: z.string().regex(/^composite_[a-z0-9_]+$/, 'composite_ followed by lower-case letters, digits and underscores'),
  difficulty: z.enum(['easy', 'medium', 'hard']),
  title: z.string().min(1),
  templates: z.array(z.string().min(10)).min(2).max(4).describe('2-4 phrasings of the whole workflow'),
  parameters,
  addresses,
  answer: z
    .object({ format: z.string().min(10).describe('format of the `answer` carried by the final {"submit": true, "answer": ...}') })
    .strict()
    .optional(),
  workflow: z
    .object({
      pattern: z.string().min(1).describe('workflow pattern, e.g. "approve-swap", "batch-transfer"'),
      optimalSteps: z.number().int().min(1).max(8).describe('K_opt: executed rounds an optimal solver needs'),
      maxRoundsMultiplier: z.number().int().min(1).max(5).default(2).describe('round budget = optimalSteps × this'),
      steps: z.array(z.object({ atomic: z.string().min(1), role: z.string().optional() }).strict()).min(1),
    })
    .strict(),
  validator: z.string().optional().describe('default <id>.validator.ts'),
  reference: z.string().optional().describe('default <id>.reference.ts'),
  chains,
  onChain,
};

export const CompositeTask = z.object(compositeTaskShape).strict().superRefine(checkTemplates);
export type CompositeTask = z.infer<typeof CompositeTask>;

/** The validator, reference and (for an execution task) naive file names of a task (next to its JSON file), defaults applied. */
export const companionFiles = (task: {
  id: string;
  validator?: string | undefined;
  reference?: string | undefined;
  quality?: { naive?: string | undefined } | undefined;
}) => ({
  validator: task.validator ?? `${task.id}.validator.ts`,
  reference: task.reference ?? `${task.id}.reference.ts`,
  ...(task.quality ? { naive: task.quality.naive ?? `${task.id}.naive.ts` } : {}),
});
