// `npm run bench:risk`: what the dollar-cost accounting (src/risk) adds to one instance, on the mirror.
//
// Per scenario and iteration: the start block (startRisk), the reference's capture (captureReference:
// after its transaction, before the revert; the harness runs the reference beside the model call, so
// this part is off the instance's critical path), the model's capture (captureModel: pre-state values,
// end values and prices in one batch) and the assessment (pure). "alone" is each call on its own round
// trip; "beside reads" is the extra time when startRisk and captureModel go out in the same tick as a
// validator's own reads (viem batches them into one JSON-RPC request), which is how the pipeline can
// call them. Knobs: BENCH_RISK_ITERATIONS (40).
import '../src/polyfills.ts';
import { randomBytes } from 'node:crypto';
import { encodeFunctionData, erc20Abi, maxUint256, parseAbi, parseEther, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { startAnvil, type RunningAnvil } from '../src/chain/anvil.ts';
import { loadMirrorManifest, MIRROR_STATE } from '../src/chain/mirror-files.ts';
import { ChainSession } from '../src/chain/session.ts';
import { signAndSend } from '../src/execution/send.ts';
import { assessRisk, captureModel, captureReference, riskAssetsFor, riskPlan, startRisk, type RunTx } from '../src/risk/index.ts';
import { fmt, summarize, table } from './stats.ts';

const ITERATIONS = Math.max(5, Number(process.env.BENCH_RISK_ITERATIONS) || 40);
const ROUTER = parseAbi(['function swapExactTokensForTokens(uint256, uint256, address[], address, uint256) returns (uint256[])']);
const POOL = parseAbi(['function withdraw(uint256)', 'function emergencyWithdraw()', 'function stakedOf(address) view returns (uint256)']);

interface Call {
  to: Address;
  data: Hex;
}

let node: RunningAnvil | undefined;
const session = await ChainSession.open({
  startNode: async () => {
    await node?.stop();
    node = await startAnvil({ chainId: 56, loadState: MIRROR_STATE });
    return node.url;
  },
  agentKey: generatePrivateKey(),
  marker: `0x${randomBytes(32).toString('hex')}` as Hex,
  manifest: loadMirrorManifest(),
});
const pub = session.chain.public;
const env = session.env;
const agent = session.account.address;
const assets = await riskAssetsFor(pub, env);
const to = privateKeyToAddress(generatePrivateKey());
const wrong = privateKeyToAddress(generatePrivateKey());
const erc20 = (fn: 'transfer' | 'approve', who: Address, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: fn, args: [who, amount] });
const staked = await pub.readContract({ address: env.simple_reward_pool!, abi: POOL, functionName: 'stakedOf', args: [agent] });
const swap = (min: bigint) =>
  encodeFunctionData({
    abi: ROUTER,
    functionName: 'swapExactTokensForTokens',
    args: [parseEther('10'), min, [env.USDT!, env.WBNB!], agent, 4_000_000_000n],
  });

const scenarios: { name: string; reference: Call; model: Call }[] = [
  {
    name: 'transfer to the wrong address',
    reference: { to: env.USDT!, data: erc20('transfer', to, parseEther('5')) },
    model: { to: env.USDT!, data: erc20('transfer', wrong, parseEther('5')) },
  },
  { name: 'swap', reference: { to: env.router!, data: swap(1n) }, model: { to: env.router!, data: swap(0n) } },
  {
    name: 'unlimited approval',
    reference: { to: env.USDT!, data: erc20('approve', to, parseEther('250')) },
    model: { to: env.USDT!, data: erc20('approve', to, maxUint256) },
  },
  {
    name: 'emergency withdraw',
    reference: { to: env.simple_reward_pool!, data: encodeFunctionData({ abi: POOL, functionName: 'withdraw', args: [staked] }) },
    model: { to: env.simple_reward_pool!, data: encodeFunctionData({ abi: POOL, functionName: 'emergencyWithdraw' }) },
  },
];

async function send(c: Call): Promise<RunTx[]> {
  const s = await signAndSend(session.chain, session.account, { ...c, value: 0n }, { chainId: 56, marker: session.marker });
  if (s.kind !== 'mined') throw new Error(s.message);
  return [{ tx: s.tx, receipt: s.receipt }];
}

/** What a validator's observe does: a few reads in one tick. */
const observe = () =>
  Promise.all([
    pub.readContract({ address: env.USDT!, abi: erc20Abi, functionName: 'balanceOf', args: [agent] }),
    pub.readContract({ address: env.USDT!, abi: erc20Abi, functionName: 'balanceOf', args: [to] }),
    pub.getBalance({ address: agent }),
  ]);

const time = async <T>(f: () => Promise<T>): Promise<[T, number]> => {
  const t0 = performance.now();
  const v = await f();
  return [v, performance.now() - t0];
};

const rows: string[][] = [];
const totals: number[] = [];
const marginals: number[] = [];
for (const sc of scenarios) {
  const m: Record<string, number[]> = { start: [], reference: [], model: [], assess: [], total: [], beside: [] };
  for (let i = 0; i < ITERATIONS; i++) {
    await session.reset();
    const plan = riskPlan(assets, agent, { to });
    // Beside reads: the validator's pre-state read alone, then with startRisk in the same tick.
    const [, obsAlone] = await time(observe);
    const [[, start], obsWithStart] = await time(() => Promise.all([observe(), startRisk(pub)]));
    const [, tStart] = await time(() => startRisk(pub));
    const snapshot = await session.chain.request<Hex>('evm_snapshot');
    const refTxs = await send(sc.reference);
    const [reference, tRef] = await time(() => captureReference(pub, plan, refTxs));
    await session.chain.request('evm_revert', [snapshot]);
    const modelTxs = await send(sc.model);
    const [, obsPostAlone] = await time(observe);
    const [, obsWithCapture] = await time(() => Promise.all([observe(), captureModel(pub, plan, start, modelTxs, reference)]));
    const [captured, tModel] = await time(() => captureModel(pub, plan, start, modelTxs, reference));
    const t0 = performance.now();
    assessRisk(plan, captured);
    const tAssess = performance.now() - t0;
    m.start!.push(tStart);
    m.reference!.push(tRef);
    m.model!.push(tModel);
    m.assess!.push(tAssess);
    m.total!.push(tStart + tModel + tAssess);
    m.beside!.push(Math.max(0, obsWithStart - obsAlone) + Math.max(0, obsWithCapture - obsPostAlone) + tAssess);
  }
  const med = (k: string) => summarize(m[k]!).median;
  totals.push(...m.total!);
  marginals.push(...m.beside!);
  rows.push([
    sc.name,
    fmt(med('start'), 2),
    fmt(med('reference'), 2),
    fmt(med('model'), 2),
    fmt(med('assess'), 2),
    fmt(med('total'), 2),
    fmt(med('beside'), 2),
  ]);
}
console.log(`risk accounting per instance, ms (median of ${ITERATIONS}; reference capture is off the critical path)\n`);
console.log(table(['scenario', 'start', 'ref capture', 'model capture', 'assess', 'alone total', 'beside reads'], rows));
console.log(
  `\nrisk accounting: ${fmt(summarize(totals).median, 2)} ms alone, ${fmt(summarize(marginals).median, 2)} ms beside the validator's reads (medians over all scenarios)`,
);
await session.close();
await node?.stop();
