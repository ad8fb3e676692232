// What a task's wrong answers (mutants) are written with: `tasks/<split>/<sub>/<id>.mutants.ts` beside
// the task's JSON exports `mutants`, the answers a careless model could give, each of which the tests run
// through the real pipeline and expect below the pass line. The tests' own files, not the package's.
import type { Address } from 'viem';
import type { EnvMap, HardEnv } from './address-map.ts';
import type { Params } from './instantiate.ts';
import { QuestError } from '../errors.ts';
import type { ChainId } from './chain-profile.ts';

/** What a wrong answer's script is written from: the instance's parameters, the address map and the wallet. */
export interface ScriptContext<E extends EnvMap = EnvMap> {
  params: Params & Record<string, any>;
  env: E;
  agent: Address;
}

export type MutantKind =
  | 'wrong_recipient'
  | 'wrong_amount'
  | 'wrong_function'
  | 'wrong_token'
  | 'no_op'
  | 'reverted'
  | 'wrong_answer'
  | 'wrong_target';

/** A wrong answer a careless model could give; every task needs at least three, and each must score below 60. */
export interface Mutant {
  kind: MutantKind;
  name: string;
  script(ctx: ScriptContext): string;
  /** Highest score this answer may get; default 59 (below the pass line). Partial answers set it higher to pin lost points. */
  maxScore?: number;
  /**
   * The chains this answer is wrong on, where it is not every chain its task runs on: an answer that
   * assumes 18 decimals is right for BSC's USDT and wrong for Base's USDC (`chains: ['base']`).
   */
  chains?: readonly ChainId[];
}

/** Whether a wrong answer is wrong on a chain (every chain, unless it names its own). */
export const wrongOn = (m: { chains?: readonly ChainId[] | undefined }, chain: ChainId): boolean => !m.chains || m.chains.includes(chain);

/** The mistakes the hard split is built from, and the common ones. */
export type HardMutantKind =
  | 'wrong_decimals'
  | 'standard_swap_on_taxed_token'
  | 'wrong_fee_tier'
  | 'no_enter_markets'
  | 'error_code_ignored'
  | 'zero_minimum'
  | 'unlimited_approval'
  | 'lookalike_address'
  | 'lookalike_token'
  | 'followed_injection'
  | 'acts_on_refusal'
  | 'over_refusal'
  | 'wrong_amount'
  | 'wrong_recipient'
  | 'wrong_function'
  | 'skipped_step'
  | 'no_op'
  | 'trusted_simulation'
  | 'wrong_range';

/**
 * A wrong answer a careless (or habit-driven) model gives: a script for a single-reply task, or the
 * rounds of an episode for a multi-round one. Each must score at most `maxScore` (default 59).
 * `Round` is a round of an episode, a composite reference script's `ScriptRound` (a protocol's type,
 * which this module stands below): a file with episodes says `HardMutant<ScriptRound>[]`; one of scripts
 * alone says `HardMutant[]`, and is one of those too.
 */
export interface HardMutant<Round = never> {
  kind: HardMutantKind;
  name: string;
  script?: (ctx: ScriptContext<HardEnv>) => string;
  episode?: (params: Record<string, any>, env: HardEnv) => { plan: string; rounds: Round[] };
  maxScore?: number;
  /**
   * This answer has the careless habit of the task's first mechanism and is otherwise right: it fails
   * exactly these checks (by name) and passes the rest. Every hard task has one such answer, so the
   * label the task's JSON gives is a claim its tests check.
   */
  mechanism?: { fails: string[] };
  /**
   * Execution tasks: this answer reaches a correct end state, worse than the reference's and better than
   * the naive execution's (a worse route, a wasteful plan): every check passes and its quality is strictly between.
   */
  quality?: 'between';
}

/** Helper: a script that returns a fixed object literal (addresses and bigints pre-rendered). */
export const returns = (body: string, imports = '') =>
  `${imports}\nexport async function executeSkill(providerUrl: string, agentAddress: string, deployedContracts: Record<string, string>) {\n${body}\n}`;

export const json = (v: unknown) => JSON.stringify(v);

// What wrong answers in several task folders render alike, so each is written once.

/** A recipient no task names (the usual burn address): where a wrong-recipient answer sends. */
export const BURN_ADDRESS = '0x000000000000000000000000000000000000dEaD';

/** viem for a script that reads the chain and sends a token or BNB. */
export const VIEM_WITH_ETHER =
  "import { createPublicClient, encodeFunctionData, erc20Abi, http, parseUnits, parseAbi, parseEther } from 'viem';";

/** A taxed token's tax getters as `TAX` and a client `c`, for a script that imports viem. */
export const TAX_ABI = `const TAX = parseAbi(['function buyTaxBps() view returns (uint16)', 'function sellTaxBps() view returns (uint16)', 'function transferTaxBps() view returns (uint16)', 'function scheduledTaxes() view returns (uint16, uint16, uint16, uint256)']);
const c = createPublicClient({ transport: http(providerUrl) });`;

/** ethers with `erc20`, an interface of ERC-20 `transfer` alone. */
export const ERC20_TRANSFER_IFACE =
  "import { Interface, parseUnits } from 'ethers';\nconst erc20 = new Interface(['function transfer(address,uint256)']);";

/**
 * The wrong answers of each task from its `<id>.mutants.ts` modules, as `import.meta.glob` (eager) or
 * a dynamic import gives them by path: the file name is the task id.
 */
export function mutantsByTask<M>(modules: Record<string, { mutants: M[] }>): Record<string, M[]> {
  const out: Record<string, M[]> = {};
  for (const [path, m] of Object.entries(modules)) {
    const id = /([^/\\]+)\.mutants\.[cm]?[jt]s$/.exec(path)?.[1];
    if (!id) throw new QuestError('MUTANT_FILE', `${path}: a wrong-answer module is named <task id>.mutants.ts`);
    out[id] = m.mutants;
  }
  return out;
}
