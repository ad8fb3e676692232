// The sandbox probe on its own, against a throwaway anvil: `npx tsx bench/sandbox-probe-run.ts`
// (SAMPLES=n, default 15). Copied next to another revision's src/sandbox, it measures that one too.
import * as sandbox from '../src/sandbox/index.ts';
import { startTestAnvil } from '../test/helpers/test-anvil.ts';
import { probeSandbox } from './sandbox-probe.ts';

const ANSWERS = [
  "```ts\nimport { ethers } from 'ethers';\nexport async function executeSkill(u: string, a: string) { const p = new ethers.JsonRpcProvider(u); const c = new ethers.Contract(a, ['function balanceOf(address) view returns (uint256)'], p); return { to: a, data: c.interface.encodeFunctionData('balanceOf', [a]) }; }\n```",
  "```ts\nimport { createPublicClient, http, encodeFunctionData, parseAbi } from 'viem';\nexport async function executeSkill(u: string, a: `0x${string}`) { createPublicClient({ transport: http(u) }); return { to: a, data: encodeFunctionData({ abi: parseAbi(['function transfer(address,uint256)']), args: [a, 1n] }) }; }\n```",
];

const anvil = await startTestAnvil();
const proxy = await sandbox.startReadOnlyProxy(anvil.url);
try {
  await sandbox.prepareSandbox();
  const out = await probeSandbox({
    samples: Number(process.env.SAMPLES ?? 15),
    answers: [...ANSWERS, ...ANSWERS, ...ANSWERS],
    providerUrl: proxy.url,
    agent: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  });
  const keys = ['compile', 'trivial', 'trivialEthers', 'trivialViem', 'oneReadEthers', 'oneReadViem', 'oneReadEthersCold'] as const;
  for (const k of keys) {
    const s = out[k];
    if (s)
      console.log(
        `${k.padEnd(18)} median ${s.median.toFixed(1).padStart(6)} ms  p95 ${s.p95.toFixed(1).padStart(6)} ms  CPU ${(out.cpu[k] ?? Number.NaN).toFixed(1).padStart(6)} ms`,
      );
  }
  if (out.burst)
    console.log(
      `burst: ${out.burst.jobs} at once in ${out.burst.wallMs.toFixed(0)} ms, ${out.burst.perSecond.toFixed(1)}/s, ${out.burst.cpuPerJobMs.toFixed(1)} ms CPU each`,
    );
  if (out.memory)
    console.log(
      `memory: ${out.memory.idleMb.toFixed(0)} MB idle, +${out.memory.perScriptMb.toFixed(1)} MB per waiting script (${out.memory.processes} Deno processes)`,
    );
} finally {
  await proxy.close();
  anvil.stop();
}
process.exit(0);
