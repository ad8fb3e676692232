// A small on-chain agent of the shape most agent stacks have: an LLM on the AI SDK with viem tools (read
// a contract, encode a call, send a transaction from its wallet). Run it on the benchmark, each instance
// giving it a wallet on the instance's chain:
//
//   OPENAI_API_KEY=... TOOL_AGENT_MODEL=gpt-5 QUEST_MODEL=agent:examples/tool-agent/agent.ts npx vitest run --project atomic
//
// Any OpenAI-compatible server works (OPENAI_BASE_URL); createAgent(model) takes any AI SDK model.
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, stepCountIs, tool, type LanguageModel } from 'ai';
import {
  createPublicClient,
  createWalletClient,
  decodeFunctionResult,
  defineChain,
  encodeFunctionData,
  formatEther,
  http,
  parseAbiItem,
  type AbiFunction,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { z } from 'zod';

/** What the benchmark hands an agent (see "Wallet agents" in docs/models.md). */
export interface AgentArgs {
  request: string;
  rpcUrl: string;
  chainId: number;
  address: string;
  privateKey: string;
  contracts: Record<string, string>;
  signal: AbortSignal;
}

const INSTRUCTIONS = `You are a wallet agent on BNB Smart Chain. You act for the wallet whose address you are given, with tools that read the chain and send transactions from that wallet.
Read what you need (decimals, balances, allowances, quotes) before you act; amounts in transactions are in base units.
When the request is done, reply with one line of JSON and nothing else: {"done": true}, or {"answer": ...} when the request asks for a value, or {"refuse": "<why>"} when it should not be carried out.`;

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

function walletTools(args: AgentArgs) {
  const chain = defineChain({
    id: args.chainId,
    name: 'BNB Smart Chain',
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: { default: { http: [args.rpcUrl] } },
  });
  const reader = createPublicClient({ chain, transport: http(args.rpcUrl) });
  const wallet = createWalletClient({ account: privateKeyToAccount(args.privateKey as Hex), chain, transport: http(args.rpcUrl) });
  const fn = (signature: string) => parseAbiItem(signature.startsWith('function ') ? signature : `function ${signature}`) as AbiFunction;
  return {
    get_native_balance: tool({
      description: 'BNB balance of an address, in wei and in BNB',
      inputSchema: z.object({ address }),
      execute: async ({ address: a }) => {
        const wei = await reader.getBalance({ address: a as Address });
        return { wei: wei.toString(), bnb: formatEther(wei) };
      },
    }),
    read_contract: tool({
      description: 'Call a view function, e.g. signature "function balanceOf(address) view returns (uint256)", args as strings',
      inputSchema: z.object({ address, signature: z.string(), args: z.array(z.string()).default([]) }),
      execute: async ({ address: a, signature, args: callArgs }) => {
        const item = fn(signature);
        const data = encodeFunctionData({ abi: [item], functionName: item.name, args: callArgs });
        const raw = await reader.call({ to: a as Address, data });
        const value = decodeFunctionResult({ abi: [item], functionName: item.name, data: raw.data ?? '0x' });
        return JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? v.toString() : v));
      },
    }),
    encode_call: tool({
      description:
        'Calldata for a function call, e.g. signature "function transfer(address,uint256)", args as strings (integers in base units)',
      inputSchema: z.object({ signature: z.string(), args: z.array(z.string()).default([]) }),
      execute: async ({ signature, args: callArgs }) => {
        const item = fn(signature);
        return encodeFunctionData({ abi: [item], functionName: item.name, args: callArgs });
      },
    }),
    send_transaction: tool({
      description: 'Send a transaction from the wallet and wait for it: to, data (0x calldata, optional), value in wei (optional)',
      inputSchema: z.object({
        to: address,
        data: z
          .string()
          .regex(/^0x[0-9a-fA-F]*$/)
          .optional(),
        value: z.string().regex(/^\d+$/).optional(),
      }),
      execute: async ({ to, data, value }) => {
        const hash = await wallet.sendTransaction({ to: to as Address, data: (data ?? '0x') as Hex, value: BigInt(value ?? '0') });
        const receipt = await reader.waitForTransactionReceipt({ hash });
        return { hash, status: receipt.status, gasUsed: receipt.gasUsed.toString() };
      },
    }),
  };
}

/** The agent with a given model: one tool loop per request, its last line read as its final word. */
export function createAgent(model: LanguageModel) {
  return async function agent(args: AgentArgs): Promise<{ answer?: unknown; refuse?: string } | undefined> {
    const contracts = Object.entries(args.contracts)
      .map(([k, a]) => `${k}: ${a}`)
      .join('\n');
    const { text } = await generateText({
      model,
      instructions: INSTRUCTIONS,
      prompt: `Wallet: ${args.address} (chain id ${args.chainId})\nKnown contracts:\n${contracts}\n\nRequest: ${args.request}`,
      tools: walletTools(args),
      stopWhen: stepCountIs(24),
      abortSignal: args.signal,
    });
    const last = text.trim().split('\n').at(-1) ?? '';
    try {
      const final = JSON.parse(last) as { answer?: unknown; refuse?: string };
      return 'answer' in final || typeof final.refuse === 'string' ? final : undefined;
    } catch {
      return undefined;
    }
  };
}

/** QUEST_MODEL=agent:examples/tool-agent/agent.ts: an OpenAI (or compatible) model named by TOOL_AGENT_MODEL. */
export async function agent(args: AgentArgs) {
  const provider = createOpenAI({
    apiKey: process.env.OPENAI_API_KEY,
    ...(process.env.OPENAI_BASE_URL ? { baseURL: process.env.OPENAI_BASE_URL } : {}),
  });
  return createAgent(provider.chat(process.env.TOOL_AGENT_MODEL ?? 'gpt-5'))(args);
}
