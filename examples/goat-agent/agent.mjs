// A GOAT SDK agent on evm-questbench, run once per instance as a command:
//
//   (cd examples/goat-agent && npm install)
//   OPENAI_API_KEY=... GOAT_AGENT_MODEL=gpt-4o QUEST_MODEL="agent:node examples/goat-agent/agent.mjs" npx vitest run --project atomic
//
// The benchmark gives the wallet in the environment (RPC_URL, CHAIN_ID, WALLET_ADDRESS, EVM_PRIVATE_KEY,
// QUEST_CONTRACTS) and the request in QUEST_REQUEST and on stdin. GOAT's viem wallet client takes any
// viem WalletClient, so it is pointed at RPC_URL with chain id 56; GOAT's tools drive it.
// GOAT_AGENT_SCRIPTED=1 replaces the LLM by a fixed plan for plain BNB and token payments (for tests).
import { createOpenAI } from '@ai-sdk/openai';
import { getTools } from '@goat-sdk/core';
import { viem } from '@goat-sdk/wallet-viem';
import { generateText, tool } from 'ai';
import { createWalletClient, defineChain, http, parseUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

const env = process.env;
const chain = defineChain({
  id: Number(env.CHAIN_ID),
  name: 'BNB Smart Chain',
  nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
  rpcUrls: { default: { http: [env.RPC_URL] } },
});
const walletClient = createWalletClient({ account: privateKeyToAccount(env.EVM_PRIVATE_KEY), chain, transport: http(env.RPC_URL) });
const contracts = JSON.parse(env.QUEST_CONTRACTS ?? '{}');
const goatTools = await getTools({ wallet: viem(walletClient, { enableSend: true }), plugins: [] });
const request = env.QUEST_REQUEST ?? '';

/** A fixed plan instead of an LLM: "send <amount> BNB|<TOKEN> to <address>" through GOAT's send_token. */
async function scripted() {
  const send = goatTools.find((t) => t.name === 'send_token');
  const to = /0x[0-9a-fA-F]{40}/.exec(request)?.[0];
  const m = /(\d+(?:\.\d+)?) ([A-Z]{3,5})\b/.exec(request);
  if (!send || !to || !m) throw new Error(`the scripted plan does not cover: ${request}`);
  const [, amount, symbol] = m;
  const token = symbol === 'BNB' ? undefined : contracts[symbol];
  const result = await send.execute({
    recipient: to,
    amountInBaseUnits: parseUnits(amount, 18).toString(),
    ...(token ? { tokenAddress: token } : {}),
  });
  console.log(`send_token: ${JSON.stringify(result)}`);
}

/** The LLM drives GOAT's tools, turned into AI SDK tools. */
async function withLlm() {
  const openai = createOpenAI({ apiKey: env.OPENAI_API_KEY, ...(env.OPENAI_BASE_URL ? { baseURL: env.OPENAI_BASE_URL } : {}) });
  const tools = Object.fromEntries(
    goatTools.map((t) => [t.name, tool({ description: t.description, parameters: t.parameters, execute: (args) => t.execute(args) })]),
  );
  const known = Object.entries(contracts)
    .map(([k, a]) => `${k}: ${a}`)
    .join('\n');
  const { text } = await generateText({
    model: openai(env.GOAT_AGENT_MODEL ?? 'gpt-4o'),
    system:
      'You act for the wallet you are given on BNB Smart Chain. When done, end with one line of JSON: {"done": true}, {"answer": ...} or {"refuse": "<why>"}.',
    prompt: `Wallet ${env.WALLET_ADDRESS} on chain ${env.CHAIN_ID}. Contracts:\n${known}\n\n${request}`,
    tools,
    maxSteps: 20,
  });
  console.log(text.trim().split('\n').at(-1));
}

await (env.GOAT_AGENT_SCRIPTED === '1' ? scripted() : withLlm());
