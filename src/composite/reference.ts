import { parseUnits } from 'viem';
import type { Model } from '../model/types.ts';
import type { EnvMap, Params } from '../tasks/instantiate.ts';

/**
 * A round of a reference script: a fixed reply, or one built from the harness's feedback so far
 * (query results, transaction outcomes), e.g. a submit that reports a queried balance.
 */
export type ScriptRound = string | ((feedback: readonly string[]) => string);

/** A composite reference solution: the plan and one reply per round, the last one the submit. */
export interface CompositeScript {
  plan: string;
  rounds: ScriptRound[];
}
export type CompositeReference = (params: Params & Record<string, any>, env: EnvMap) => CompositeScript;

export function defineCompositeReference(fn: CompositeReference): CompositeReference {
  return fn;
}

/** Helpers for writing reference rounds. */
export const ts = (body: string, imports = '') =>
  `\`\`\`typescript\n${imports}${imports ? '\n' : ''}export async function executeSkill(providerUrl: string, agentAddress: string, deployedContracts: Record<string, string>) {\n${body}\n}\n\`\`\``;
export const query = (q: Record<string, unknown>) => `\`\`\`json\n${JSON.stringify({ action: 'query', ...q })}\n\`\`\``;
export const submit = (answer?: unknown) => JSON.stringify(answer === undefined ? { submit: true } : { submit: true, answer });
export const lit = (v: unknown) => JSON.stringify(v);

// Steps several references take, as whole rounds or as script lines to splice into one.

/** Imports of the one-call rounds below; lines spliced in before their call bring their own. */
const CALL_IMPORTS = "import { encodeFunctionData, erc20Abi, parseAbi, parseEther, parseUnits, type Address } from 'viem';";

/** A round returning `call`, after the script lines `before` (whose `imports` must not repeat CALL_IMPORTS' names). */
const callRound = (call: string, o: { before?: string; imports?: string }) =>
  ts(`${o.before ? `${o.before}\n  ` : ''}return ${call};`, `${CALL_IMPORTS}${o.imports ? `\n${o.imports}` : ''}`);

/**
 * A round that approves `spender` for `amount` of `token` (script expressions, e.g.
 * "deployedContracts.USDT"), after the script lines `before` (e.g. lines that define the amount).
 */
export const approveRound = (token: string, spender: string, amount: string, o: { before?: string; imports?: string } = {}) =>
  callRound(`{ to: ${token}, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [${spender} as Address, ${amount}] }) }`, o);

/** A round that stakes `amount` in the staking contract `pool` (script expressions), after the script lines `before`. */
export const stakeRound = (pool: string, amount: string, o: { before?: string; imports?: string } = {}) =>
  callRound(`{ to: ${pool}, data: encodeFunctionData({ abi: parseAbi(['function stake(uint256 amount)']), functionName: 'stake', args: [${amount}] }) }`, o);

/**
 * A round that adds `amountA` of `tokenA` and `amountB` of `tokenB` (script expressions) through the
 * router, each minimum `slippage` % below its amount.
 */
export const addLiquidityRound = (tokenA: string, tokenB: string, amountA: string, amountB: string, slippage: unknown) =>
  ts(
    `const quoter = createPublicClient({ transport: http(providerUrl) });
  const [a, b] = [${amountA}, ${amountB}];
  const keep = BigInt(100 - ${lit(slippage)});
  const { timestamp } = await quoter.getBlock();
  const abi = parseAbi(['function addLiquidity(address, address, uint256, uint256, uint256, uint256, address, uint256)']);
  const args = [${tokenA} as Address, ${tokenB} as Address, a, b, (a * keep) / 100n, (b * keep) / 100n, agentAddress as Address, timestamp + 1200n] as const;
  return { to: deployedContracts.router, data: encodeFunctionData({ abi, functionName: 'addLiquidity', args }) };`,
    "import { createPublicClient, encodeFunctionData, http, parseAbi, parseEther, parseUnits, type Address } from 'viem';",
  );

/** A round that wraps `amount` BNB into WBNB with deposit(). */
export const wrapRound = (amount: unknown) =>
  ts(
    `const wbnb = new Interface(['function deposit() payable']);
  return { to: deployedContracts.WBNB, data: wbnb.encodeFunctionData('deposit'), value: parseEther(${lit(amount)}) };`,
    "import { Interface, parseEther } from 'ethers';",
  );

/** A round that unwraps the wallet's whole WBNB balance with withdraw(). */
export const unwrapAllRound = () =>
  ts(
    `const wbnb = new Contract(deployedContracts.WBNB!, ['function balanceOf(address) view returns (uint256)', 'function withdraw(uint256)'], new JsonRpcProvider(providerUrl));
  const all: bigint = await wbnb.getFunction('balanceOf')(agentAddress);
  return { to: deployedContracts.WBNB, data: wbnb.interface.encodeFunctionData('withdraw', [all]) };`,
    "import { Contract, JsonRpcProvider } from 'ethers';",
  );

/**
 * Script lines defining `provider` and `name`: the value (the log's data word) of the latest log of
 * `contract` (a key of the address map) matching `topics` in the last 20 blocks. Needs ethers'
 * JsonRpcProvider plus whatever `topics` uses (typically id and zeroPadValue).
 */
export const latestLogValue = (name: string, contract: string, topics: string) => `const provider = new JsonRpcProvider(providerUrl);
  const head = await provider.getBlockNumber();
  const logs = await provider.getLogs({
    address: deployedContracts.${contract},
    topics: ${topics},
    fromBlock: Math.max(0, head - 20),
    toBlock: head,
  });
  const ${name} = BigInt(logs[logs.length - 1]!.data);`;

/** Topics of an ERC-20 Transfer from `from` to `to` (script expressions, zero-padded to 32 bytes). */
export const transferTopics = (from: string, to: string) => `[id('Transfer(address,address,uint256)'), zeroPadValue(${from}, 32), zeroPadValue(${to}, 32)]`;

/**
 * A round that sells `amountIn` (a script expression) along `path` (a script expression of addresses)
 * with swapExactTokensForTokens, or swapExactTokensForETH when `forBnb`; amountOutMin at the router's
 * quote less `slippage` %.
 * `before` is spliced in first (with its `imports`, which must not repeat the viem names this round
 * imports), e.g. lines that define the amount.
 */
export function swapRound(o: { amountIn: string; path: string; slippage: unknown; forBnb?: boolean; before?: string; imports?: string }): string {
  const fn = o.forBnb ? 'swapExactTokensForETH' : 'swapExactTokensForTokens';
  return ts(
    `${o.before ? `${o.before}\n  ` : ''}const quoter = createPublicClient({ transport: http(providerUrl) });
  const router = parseAbi(['function getAmountsOut(uint256, address[]) view returns (uint256[])', 'function ${fn}(uint256, uint256, address[], address, uint256)']);
  const amountIn = ${o.amountIn};
  const path = ${o.path} as Address[];
  const out = await quoter.readContract({ address: deployedContracts.router as Address, abi: router, functionName: 'getAmountsOut', args: [amountIn, path] });
  const min = (out[out.length - 1]! * BigInt(100 - ${lit(o.slippage)})) / 100n;
  const { timestamp } = await quoter.getBlock();
  return { to: deployedContracts.router, data: encodeFunctionData({ abi: router, functionName: '${fn}', args: [amountIn, min, path, agentAddress as Address, timestamp + 1200n] }) };`,
    `import { createPublicClient, encodeFunctionData, http, parseAbi, parseEther, parseUnits, type Address } from 'viem';${o.imports ? `\n${o.imports}` : ''}`,
  );
}

/** Plays a reference script: the plan first, then round i for the i-th execution reply. */
export function referenceScriptModel(script: CompositeScript): Model {
  return {
    id: 'reference',
    describe: 'reference (gold round scripts)',
    async respond(messages) {
      const replies = messages.filter((m) => m.role === 'assistant').length;
      // The harness's replies after the plan, oldest first: one per executed round.
      const feedback = messages.filter((m, i) => m.role === 'user' && i > 1).map((m) => m.content).slice(1);
      const round = replies === 0 ? script.plan : (script.rounds[replies - 1] ?? submit());
      const text = typeof round === 'function' ? round(feedback) : round;
      return { text, latencyMs: 0, attempts: 1 };
    },
  };
}

/** The JSON results of the queries in the feedback so far, oldest first. */
export function queryResults(feedback: readonly string[]): Record<string, any>[] {
  return feedback.flatMap((f) => {
    const m = /query result: (\{.*\})/.exec(f);
    return m ? [JSON.parse(m[1]!) as Record<string, any>] : [];
  });
}

/**
 * The JSON result of the latest query in the feedback, for rounds that report what they read; with
 * `where`, the latest whose fields equal those given (compared case-insensitively, so addresses match
 * in any case), e.g. `{ type: 'token_balance', token: env.USDT }`.
 */
export function lastQueryResult(feedback: readonly string[], where: Record<string, string> = {}): Record<string, any> {
  const hit = queryResults(feedback).findLast((r) => Object.entries(where).every(([k, v]) => String(r[k]).toLowerCase() === v.toLowerCase()));
  if (!hit) throw new Error(`no query result${Object.keys(where).length ? ` matching ${JSON.stringify(where)}` : ''} in the feedback so far`);
  return hit;
}

/**
 * The latest pair_reserves query result in the feedback, with its reserves ordered as (`first`, the
 * other token): `first` is an address, e.g. env.WBNB; `firstIs0` says whether it is the pair's token0.
 */
export function lastReserves(feedback: readonly string[], first: string): { result: Record<string, any>; reserves: [bigint, bigint]; firstIs0: boolean } {
  const result = lastQueryResult(feedback, { type: 'pair_reserves' });
  const firstIs0 = result.token0.toLowerCase() === first.toLowerCase();
  const reserves = (firstIs0 ? [result.reserve0, result.reserve1] : [result.reserve1, result.reserve0]).map(BigInt) as [bigint, bigint];
  return { result, reserves, firstIs0 };
}

/**
 * The balance changes each transaction round's feedback reported, oldest first: holding ("BNB",
 * "USDT", "LP USDT/BUSD", ...) → signed change in wei (every tracked holding has 18 decimals).
 * What a solver reads off the feedback, e.g. the USDT a swap paid: `balanceChanges(f).at(-1)!.get('USDT')`.
 */
export function balanceChanges(feedback: readonly string[]): Map<string, bigint>[] {
  return feedback.flatMap((f) => {
    const m = /balance changes: (.*)/.exec(f);
    if (!m) return [];
    const changes = new Map<string, bigint>();
    for (const part of m[1]!.split(', ')) {
      const c = /^(.+) ([+-])(\d+(?:\.\d+)?)(?: \([+-]\d+ wei\))?$/.exec(part);
      if (c) changes.set(c[1]!, (c[2] === '-' ? -1n : 1n) * parseUnits(c[3]!, 18));
    }
    return [changes];
  });
}

/** The change of `holding` the latest transaction round reported, in wei (0 when it did not change). */
export function lastChange(feedback: readonly string[], holding: string): bigint {
  const all = balanceChanges(feedback);
  if (!all.length) throw new Error('no transaction feedback so far');
  return all[all.length - 1]!.get(holding) ?? 0n;
}
