import type { Address } from 'viem';
import type { Model } from '../../src/model/index.ts';
import type { EnvMap, Params } from '../../src/tasks/instantiate.ts';

export interface ScriptContext {
  params: Params & Record<string, any>;
  env: EnvMap;
  agent: Address;
}

/**
 * A model that answers with a script written by the test for the instance's parameters. Like the
 * built-in reference, it is built per instance on the harness's side (a model under test never sees
 * the parameters).
 */
export function scriptedModel(
  id: string,
  script: (ctx: ScriptContext) => string,
  envFor: () => { env: EnvMap; agent: Address },
): (params: Params) => Model {
  return (params) => ({
    id,
    describe: `scripted ${id}`,
    async respond() {
      const { env, agent } = envFor();
      return {
        text: `\`\`\`typescript\n${script({ params: params as ScriptContext['params'], env, agent })}\n\`\`\``,
        latencyMs: 0,
        attempts: 1,
      };
    },
  });
}
