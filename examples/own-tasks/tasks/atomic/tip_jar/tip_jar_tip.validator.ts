import { parseAbi, parseEther } from 'viem';
import { callsFunction, compareAmount, defineValidator, deployContract, succeeded } from 'evm-questbench/validators';
import TipJar from '../../../contracts/TipJar.json' with { type: 'json' };
import type { TaskEnv, TaskParams } from '../../params.ts';

type Params = TaskParams<'tip_jar_tip'>; // from tasks/params.ts, written by `npx questbench types`
type Env = TaskEnv<'tip_jar_tip'>; // the address map with the task's own key, tip_jar
type State = { tipped: bigint; tips: bigint; note: string };

const JAR = parseAbi([
  'function tipped(address) view returns (uint256)',
  'function tips() view returns (uint256)',
  'function lastNote() view returns (string)',
]);

export default defineValidator<Params, State, Env>({
  kind: 'transaction',
  target: ({ env }) => env.tip_jar,
  // The task brings its own contract, listed in its address map as tip_jar: placed there before every instance.
  setup: async ({ chain, env }) => deployContract(chain, TipJar as { abi: unknown[]; bytecode: `0x${string}` }, env.tip_jar),
  observe: async ({ chain, params, agent }) => ({
    tipped: await chain.readContract({ address: params.jar, abi: JAR, functionName: 'tipped', args: [agent] }),
    tips: await chain.readContract({ address: params.jar, abi: JAR, functionName: 'tips' }),
    note: await chain.readContract({ address: params.jar, abi: JAR, functionName: 'lastNote' }),
  }),
  checks: [
    succeeded(10, 'the tip went through'),
    callsFunction(15, 'tip(string)'),
    {
      name: 'the jar credits the wallet with exactly the amount',
      weight: 45,
      verify: ({ pre, post, params }) => compareAmount('tipped', post.tipped - pre.tipped, parseEther(params.amount), { symbol: 'BNB' }),
    },
    {
      name: 'the note is the one asked for',
      weight: 30,
      verify: ({ post, pre, params }) => ({
        pass: post.tips === pre.tips + 1n && post.note === params.note,
        detail: `note "${post.note}", ${post.tips - pre.tips} tip(s); expected "${params.note}"`,
      }),
    },
  ],
});
