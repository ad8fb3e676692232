import { DEFAULT_CHAIN, inChainTerms, type ChainProfile } from '../tasks/chain-profile.ts';
import { answerFormatOn } from '../tasks/schema.ts';
import { environmentText } from '../instance/environment.ts';
import type { Transport } from '../episode/episode.ts';
import type { PromptExtras } from '../episode/hard-rules.ts';
import type { ChatMessage } from '../model/types.ts';
import type { AddressLookup } from '../tasks/address-map.ts';
import type { Instance } from '../tasks/instantiate.ts';
import type { CompositeTask } from '../tasks/schema.ts';
import { describeAllowances, type StandingAllowance } from './allowances.ts';

/** The composite role on a chain, in the text protocol: plan, then one step per round. */
const roleComposite = (
  chain: ChainProfile,
) => `You operate a wallet on ${chain.name} for its owner and carry out a multi-step request, one step per round.

First you will be asked for a plan (not counted as a round). Then, in every round, reply with exactly ONE of:
1. One \`\`\`typescript code block exporting
     export async function executeSkill(providerUrl: string, agentAddress: string, deployedContracts: Record<string, string>): Promise<object>
   that returns ONE unsigned transaction { to, data?, value?, gasLimit?, gasPrice? / maxFeePerGas? } (numbers as bigint, decimal or hex strings in wei).
   The platform signs it with the wallet's key, sends it and tells you the outcome: status, revert reason, gas used and the exact balance changes it observed.
   providerUrl is read-only; the libraries "ethers" (v6) and "viem" (v2) are importable, nothing else. Before building its transaction
   a script may read the chain through providerUrl (balances, allowances, quotes, a condition the request sets): those reads cost no round.
2. One JSON query, e.g. {"action":"query","type":"token_balance","token":"USDT","address":"agent"}. Types and fields:
     native_balance {address} · token_balance {token, address} · allowance {token, owner, spender} · pair_reserves {pair}
     staked_amount {pool, address} · pending_rewards {pool, address} · nft_owner {nft, tokenId}
   Any field takes a 0x address or a key of the address map ("agent" is the wallet). The reply gives raw integers as decimal strings plus decimals.
3. {"error": "<why the request cannot be done>"} if it cannot be done as asked. This ends the task.
4. {"submit": true} when the whole request is done (add "answer" if the request asks you to report values). This ends the task and is not counted as a round.

Every round you use (a transaction, a query, a script that fails, or an invalid reply) counts; use as few as the request needs. There is a hard round limit.`;

/** The same in tool terms. */
const roleCompositeTools = (
  chain: ChainProfile,
) => `You operate a wallet on ${chain.name} for its owner and carry out a multi-step request, one step per round.

First you will be asked for a plan in words (not counted as a round; no tool calls). Then, in every round, call exactly ONE tool:
1. run_script { code }: a TypeScript module exporting
     export async function executeSkill(providerUrl: string, agentAddress: string, deployedContracts: Record<string, string>): Promise<object>
   that returns ONE unsigned transaction { to, data?, value?, gasLimit?, gasPrice? / maxFeePerGas? } (numbers as bigint, decimal or hex strings in wei).
   The platform signs it with the wallet's key, sends it and tells you the outcome: status, revert reason, gas used and the exact balance changes it observed.
   providerUrl is read-only; the libraries "ethers" (v6) and "viem" (v2) are importable, nothing else. Before building its transaction
   a script may read the chain through providerUrl (balances, allowances, quotes, a condition the request sets): those reads cost no round.
2. query { type, ... }: one read. Types and fields:
     native_balance {address} · token_balance {token, address} · allowance {token, owner, spender} · pair_reserves {pair}
     staked_amount {pool, address} · pending_rewards {pool, address} · nft_owner {nft, tokenId}
   Any field takes a 0x address or a key of the address map ("agent" is the wallet). The result gives raw integers as decimal strings plus decimals.
3. report_error { reason } if the request cannot be done as asked. This ends the task.
4. submit { answer? } when the whole request is done (give answer if the request asks you to report values). This ends the task and is not counted as a round.

Every round you use (a transaction, a query, a script that fails, a reply without a tool call or with bad arguments) counts; use as few as the request needs. Only the first tool call of a reply is run. There is a hard round limit.`;

export function buildCompositeMessages(
  task: Pick<CompositeTask, 'answer'> & Partial<Pick<CompositeTask, 'onChain'>>,
  instance: Instance,
  env: AddressLookup,
  chainId: number,
  budget: number,
  wallet: { address: string; allowances: readonly StandingAllowance[] },
  opts: PromptExtras = {},
): ChatMessage[] {
  const rules = opts.rules;
  const chain = opts.chain ?? DEFAULT_CHAIN;
  // The roles' examples are in BSC's words, like the tasks.
  const role = inChainTerms(chain, opts.transport === 'tools' ? roleCompositeTools(chain) : roleComposite(chain));
  const format = answerFormatOn(task, chain.id);
  const answer = format
    ? `\n\nWhen you submit, include ${opts.transport === 'tools' ? 'answer' : '"answer"'}: ${format.own ? format.format : inChainTerms(chain, format.format)}`
    : '';
  // The hard split plants allowances to contracts outside the address map: the list covers the map's spenders only.
  const others = rules
    ? ' Allowances to contracts outside the address map are not listed here: read them from the chain.'
    : ' No other allowance is set.';
  const walletText = `- Your wallet (agentAddress; "agent" in queries): ${wallet.address}
- Allowances the wallet has already granted (token → spender): ${describeAllowances(wallet.allowances, chain)}.${others}`;
  return [
    {
      role: 'system',
      content: `${role}\n\n${environmentText(env, chainId, opts.descriptions, chain)}\n${walletText}${rules ? `\n\n${rules}` : ''}`,
    },
    {
      role: 'user',
      content: `Request: ${instance.instruction}${answer}\n\nYou have at most ${budget} rounds. First reply with your plan only: a short numbered list of the rounds you intend to use (no code yet).`,
    },
  ];
}

export const firstRoundMessage = (budget: number, transport: Transport = 'text') =>
  transport === 'tools'
    ? `Round 1 of at most ${budget}. Call one tool.`
    : `Round 1 of at most ${budget}. Reply with one TypeScript block (one transaction) or one JSON control message.`;

/** The harness's answer after a round: what happened, the rounds used, what to do next. */
export const roundFeedback = (round: number, budget: number, result: string, transport: Transport = 'text') =>
  `Round ${round} result: ${result}\nRounds used: ${round} of at most ${budget}. ${transport === 'tools' ? 'Call the next tool, or submit when the request is complete.' : 'Reply with the next step, or {"submit": true} when the request is complete.'}`;
