import type { Address } from 'viem';
import type { Model } from '../../src/model/index.ts';
import type { EnvMap } from '../../src/tasks/address-map.ts';
import type { Params } from '../../src/tasks/instantiate.ts';
import type { ScriptContext } from '../../src/tasks/mutants.ts';

export type { ScriptContext };

/**
 * A model that answers with a script written by the test for the instance's parameters. Like the
 * built-in reference, it is built per instance on the harness's side (a model under test never sees
 * the parameters).
 */
export function scriptedModel<E extends EnvMap = EnvMap>(
  id: string,
  script: (ctx: ScriptContext<E>) => string,
  envFor: () => { env: E; agent: Address },
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
