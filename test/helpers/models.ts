import type { Address } from 'viem';
import type { Model } from '../../src/model/index.ts';
import type { EnvMap, Params } from '../../src/tasks/instantiate.ts';

export interface ScriptContext {
  params: Params & Record<string, any>;
  env: EnvMap;
  agent: Address;
}

/** A model that answers with a script written by the test, given the instance's parameters. */
export function scriptedModel(id: string, script: (ctx: ScriptContext) => string, envFor: () => { env: EnvMap; agent: Address }): Model {
  return {
    id,
    describe: `scripted ${id}`,
    async respond(_messages, ctx) {
      const { env, agent } = envFor();
      const params = (ctx.reference?.params ?? {}) as ScriptContext['params'];
      return { text: `\`\`\`typescript\n${script({ params, env, agent })}\n\`\`\``, latencyMs: 0, attempts: 1 };
    },
  };
}
