import { DEFAULT_CHAIN, inChainTerms, type ChainProfile } from '../tasks/chain-profile.ts';
import { environmentText } from '../instance/environment.ts';
import type { PromptExtras } from '../episode/hard-rules.ts';
import type { ChatMessage } from '../model/types.ts';
import type { AddressLookup } from '../tasks/address-map.ts';
import type { Instance } from '../tasks/instantiate.ts';
import { answerFormatOn, type AtomicTask } from '../tasks/schema.ts';

/** The atomic role on a chain: what the model writes and what it may use. */
const roleAtomic = (
  chain: ChainProfile,
) => `You turn a wallet owner's request into code that prepares exactly one blockchain transaction (or answers one question) on ${chain.name}.

Reply with exactly one \`\`\`typescript code block. The module must export:

  export async function executeSkill(providerUrl: string, agentAddress: string, deployedContracts: Record<string, string>): Promise<object>

- providerUrl is a read-only JSON-RPC endpoint: read the chain through it (balances, allowances, quotes, eth_call, estimateGas). It cannot send or sign transactions.
- agentAddress is the wallet you act for. You never have its private key: the platform signs and sends what you return.
- For a transaction request, return ONE unsigned transaction object: { to, data?, value?, gasLimit?, gasPrice? / maxFeePerGas? }. Numbers are bigint, decimal strings or hex strings in wei. Nonce and chain id are filled in by the platform; gas is estimated when you leave it out. If the request needs several transactions, return only the first one.
- For a question, return { answer: ... } in exactly the format the request states; send nothing.
- Importable libraries: "ethers" (v6) and "viem" (v2, including "viem/chains"). Nothing else is available: no file system, no environment variables, no other network access.
- The wallet may already have granted allowances to some spenders (e.g. the router): read allowance() through the provider when you need to know whether an approve is required.`;

// The tools protocol says the same in tool terms: the module goes in one run_script call.
const roleAtomicTools = (chain: ChainProfile) =>
  roleAtomic(chain).replace(
    'Reply with exactly one ```typescript code block. The module must export:',
    'Call the tool run_script exactly once, with the TypeScript module as its `code`. The module must export:',
  );

/** The messages of an atomic request; `rules` (the hard split's refusal and policy) go at the end of the system prompt. */
export function buildAtomicMessages(
  task: Pick<AtomicTask, 'kind' | 'answer'> & Partial<Pick<AtomicTask, 'onChain'>>,
  instance: Instance,
  env: AddressLookup,
  chainId: number,
  opts: PromptExtras = {},
): ChatMessage[] {
  const chain = opts.chain ?? DEFAULT_CHAIN;
  const format = answerFormatOn(task, chain.id);
  const answer =
    task.kind === 'query' && format
      ? `\n\nAnswer format: return { answer } where answer is ${format.own ? format.format : inChainTerms(chain, format.format)}`
      : '';
  // The roles' examples are in BSC's words, like the tasks.
  const role = inChainTerms(chain, opts.transport === 'tools' ? roleAtomicTools(chain) : roleAtomic(chain));
  return [
    {
      role: 'system',
      content: `${role}\n\n${environmentText(env, chainId, opts.descriptions, chain)}${opts.rules ? `\n\n${opts.rules}` : ''}`,
    },
    { role: 'user', content: `${instance.instruction}${answer}` },
  ];
}
