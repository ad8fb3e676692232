import '../../polyfills.ts';
import { keyedProvider } from './provider.ts';

/** `openai:<id>`: OpenAI's chat completions, or any server that speaks them (OPENAI_BASE_URL). */
export const openai = keyedProvider({
  prefix: 'openai',
  example: 'gpt-5',
  says: 'OpenAI or any OpenAI-compatible server',
  keyVar: 'OPENAI_API_KEY',
  baseUrlVar: 'OPENAI_BASE_URL',
  defaultBaseURL: 'https://api.openai.com/v1',
  baseUrlSays: 'any OpenAI-compatible chat-completions endpoint (vLLM, Ollama, LM Studio, OpenRouter)',
  api: 'chat completions',
  missingKey: 'OPENAI_API_KEY is not set: export it, or set OPENAI_BASE_URL for a local OpenAI-compatible server',
  errors: {
    auth: 'check the API key (OPENAI_API_KEY) and its permissions',
    notFound: 'check the model id and the base URL (OPENAI_BASE_URL)',
    rateLimited: "OpenAI's rate limit: lower QUEST_CONCURRENCY, or raise the limits of the key's project",
  },
  async languageModel({ apiKey, baseURL, modelId }) {
    const { createOpenAI } = await import('@ai-sdk/openai');
    return createOpenAI({ apiKey, baseURL }).chat(modelId);
  },
});
