import type { RoundReply } from './round-reply.ts';
import { ModelConfigError, type ChatMessage } from '../model/types.ts';
import { TextDialogue, ToolDialogue, type Dialogue } from './dialogue.ts';
import type { PlayContext } from './episode.ts';
import { toolsFor } from './tools.ts';

/** The dialogue of an instance: its transport, its model, its protocol's tools or reading of a text reply. */
export function openDialogue(ctx: PlayContext, prompt: ChatMessage[], parse: (text: string) => RoundReply): Dialogue {
  if (ctx.transport === 'text') return new TextDialogue(prompt, ctx.model, ctx.round, parse);
  const { model } = ctx;
  if (!model.respondWithTools)
    throw new ModelConfigError(
      `${model.id} has no native tool calls: QUEST_PROTOCOL=tools needs an AI SDK model (a provider's <prefix>:<id> such as openai:<id> or anthropic:<id>, or a module exporting a LanguageModel)`,
    );
  return new ToolDialogue(
    prompt,
    { ...model, respondWithTools: model.respondWithTools.bind(model) },
    ctx.round,
    toolsFor(ctx.task.protocol, ctx.refusals),
  );
}
