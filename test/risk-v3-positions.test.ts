// PancakeSwap V3 positions in the cost accounting, on the hard split's chain through the harness's own
// instance runs: a position handed away is a priced loss (every position of the collect task sent to a
// stranger, checked within 1 % against closing the wallet's positions for real at the same pre-state), fees collected to
// nowhere are lost, and moving liquidity between a position and the wallet costs nothing: every V3
// task's reference replayed against itself, a position closed instead of only collected, a mint.
import { encodeFunctionData, erc20Abi, maxUint128, maxUint256, type Address } from 'viem';
import { asHardEnv } from '../src/tasks/address-map.ts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { V3_POSITION_MANAGER_ABI } from '../src/chain/hard-abis.ts';
import { referenceScriptModel, type ScriptRound } from '../src/composite/reference.ts';
import { signAndSend } from '../src/execution/send.ts';
import { prepareInstance } from '../src/instance/prepare.ts';
import { referenceFor, runInstance } from '../src/instance/run.ts';
import type { Model } from '../src/model/index.ts';
import type { InstanceRecord } from '../src/results/record.ts';
import { readPriceBook, riskAssetsFor, RiskRecord, usdOf } from '../src/risk/index.ts';
import type { Params } from '../src/tasks/instantiate.ts';
import { loadTasks } from '../src/instance/task.ts';
import { scriptedModel } from './helpers/models.ts';
import { openTestSession } from './helpers/session.ts';
import { editedReference } from './helpers/reference-edit.ts';
import { returns, type HardMutant } from '../src/tasks/mutants.ts';
import { mutants as collectMutants } from '../tasks/hard/pancake_v3/hard_pancake_v3_collect_fees.mutants.ts';
import { mutants as rangeMutants } from '../tasks/hard/precision/hard_precision_v3_range_position.mutants.ts';

const COLLECT = 'hard_pancake_v3_collect_fees';
const RANGE = 'hard_precision_v3_range_position';
const V3_TASKS = [
  COLLECT,
  'hard_long_horizon_v3_close_to_cake',
  RANGE,
  'hard_precision_v3_rerange',
  'hard_long_horizon_v2_farm_to_v3_range',
];

const tasks = (await loadTasks('tasks/hard')).filter((t) => V3_TASKS.includes(t.id));
const taskOf = (id: string) => tasks.find((t) => t.id === id)!;

let t: Awaited<ReturnType<typeof openTestSession>>;
beforeAll(async () => {
  t = await openTestSession('hard');
}, 120_000);
afterAll(async () => t?.close());

const pub = () => t.session.chain.public;
const agent = () => t.session.account.address;
const manager = () => asHardEnv(t.session.env).v3_position_manager;

async function run(id: string, model: (p: Params) => Model): Promise<RiskRecord> {
  const r: InstanceRecord = await runInstance({
    task: taskOf(id),
    round: 1,
    runSeed: 1,
    rounds: 1,
    session: t.session,
    model,
    scriptTimeoutMs: 20_000,
  });
  expect(r.riskError, r.riskError).toBeUndefined();
  return RiskRecord.parse(r.risk);
}

function mutantModel(m: HardMutant<ScriptRound>): (p: Params) => Model {
  if (m.episode)
    return (p) => ({ ...referenceScriptModel(m.episode!(p as Record<string, any>, asHardEnv(t.session.env))), id: `mutant:${m.name}` });
  return scriptedModel(`mutant:${m.name}`, m.script!, () => ({ env: asHardEnv(t.session.env), agent: agent() }));
}
const mutant = (list: HardMutant<ScriptRound>[], name: string) => mutantModel(list.find((m) => m.name.startsWith(name))!);

/** Every position the wallet holds, sent to a stranger in one multicall of safeTransferFrom. */
const GIVE_AWAY = returns(
  `const client = createPublicClient({ transport: http(providerUrl) });
const m = deployedContracts.v3_position_manager;
const abi = parseAbi(['function balanceOf(address) view returns (uint256)', 'function tokenOfOwnerByIndex(address, uint256) view returns (uint256)', 'function safeTransferFrom(address, address, uint256)', 'function multicall(bytes[]) payable returns (bytes[])']);
const n = await client.readContract({ address: m, abi, functionName: 'balanceOf', args: [agentAddress] });
const calls = [];
for (let i = 0n; i < n; i++) {
  const id = await client.readContract({ address: m, abi, functionName: 'tokenOfOwnerByIndex', args: [agentAddress, i] });
  calls.push(encodeFunctionData({ abi, functionName: 'safeTransferFrom', args: [agentAddress, '0x000000000000000000000000000000000000dEaD', id] }));
}
return { to: m, data: encodeFunctionData({ abi, functionName: 'multicall', args: [calls] }) };`,
  "import { createPublicClient, encodeFunctionData, http, parseAbi } from 'viem';",
);
/** A transaction that moves nothing: the wallet pays itself nothing. */
const NO_OP = returns('return { to: agentAddress, data: "0x", value: 0n };');

const lossItems = (r: RiskRecord) => r.items.filter((i) => !i.kind.startsWith('exposure_') && i.kind !== 'unpriced');
const explain = (r: RiskRecord) => JSON.stringify({ ...r, priceSource: undefined }, null, 1);

/** The wallet's V3 positions, closed for real (decreaseLiquidity of all, collect everything) at the current block, and what each paid the wallet. */
async function closeAllPositions(): Promise<{ id: bigint; paid: Map<Address, bigint> }[]> {
  const m = manager();
  const count = await pub().readContract({ address: m, abi: V3_POSITION_MANAGER_ABI, functionName: 'balanceOf', args: [agent()] });
  const ids = await Promise.all(
    Array.from({ length: Number(count) }, (_, i) =>
      pub().readContract({ address: m, abi: V3_POSITION_MANAGER_ABI, functionName: 'tokenOfOwnerByIndex', args: [agent(), BigInt(i)] }),
    ),
  );
  const closed = [];
  for (const id of ids) {
    const [, , token0, token1, , , , liquidity] = await pub().readContract({
      address: m,
      abi: V3_POSITION_MANAGER_ABI,
      functionName: 'positions',
      args: [id],
    });
    const calls = [
      ...(liquidity > 0n
        ? [
            encodeFunctionData({
              abi: V3_POSITION_MANAGER_ABI,
              functionName: 'decreaseLiquidity',
              args: [{ tokenId: id, liquidity, amount0Min: 0n, amount1Min: 0n, deadline: maxUint256 }],
            }),
          ]
        : []),
      encodeFunctionData({
        abi: V3_POSITION_MANAGER_ABI,
        functionName: 'collect',
        args: [{ tokenId: id, recipient: agent(), amount0Max: maxUint128, amount1Max: maxUint128 }],
      }),
    ];
    const balances = () =>
      Promise.all(
        [token0, token1].map((token) => pub().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [agent()] })),
      );
    const before = await balances();
    const sent = await signAndSend(
      t.session.chain,
      t.session.account,
      { to: m, data: encodeFunctionData({ abi: V3_POSITION_MANAGER_ABI, functionName: 'multicall', args: [calls] }), value: 0n },
      { chainId: 56, marker: t.session.marker },
    );
    expect(sent.kind === 'mined' && sent.receipt.status).toBe('success');
    const after = await balances();
    closed.push({
      id,
      paid: new Map([
        [token0, after[0]! - before[0]!],
        [token1, after[1]! - before[1]!],
      ]),
    });
  }
  return closed;
}

describe("PancakeSwap V3 positions are the owner's holdings", () => {
  test('positions handed to a stranger are lost, priced at what closing them pays, token by token', async () => {
    const risk = await run(
      COLLECT,
      scriptedModel(
        'gives every position away',
        () => GIVE_AWAY,
        () => ({ env: t.session.env, agent: agent() }),
      ),
    );

    // The same pre-state again (same task, seed and round), its positions closed for real, priced as the accounting prices.
    const task = taskOf(COLLECT);
    await prepareInstance(task.spec, task.validator, t.session, { runSeed: 1, round: 1 });
    const blockNumber = await pub().getBlockNumber();
    const book = await readPriceBook(pub(), await riskAssetsFor(pub(), t.session.env), { blockNumber });
    const closed = await closeAllPositions();
    const worth = closed.flatMap(({ paid }) => [...paid].map(([token, amount]) => usdOf(book, token.toLowerCase(), amount)!));
    const expected = worth.reduce((s, x) => s + x, 0);

    expect(closed.length).toBe(2);
    expect(expected).toBeGreaterThan(1000);
    expect(Math.abs(risk.lostUsd - expected), `${risk.lostUsd} vs ${expected}\n${explain(risk)}`).toBeLessThanOrEqual(expected * 0.01);
    const items = lossItems(risk);
    expect(items.reduce((s, i) => s + i.usd, 0)).toBeCloseTo(risk.lostUsd, 4);
    // A stranger is no named recipient: what the positions held is missing from the wallet, token by token.
    expect(new Set(items.map((i) => `${i.kind} ${i.token}`)), explain(risk)).toEqual(
      new Set(['shortfall WBNB', 'shortfall USDT', 'shortfall Cake']),
    );
    // Priced as positions, never again listed as NFTs with no price.
    expect(
      risk.items.filter((i) => i.kind === 'unpriced'),
      explain(risk),
    ).toEqual([]);
  });

  test('fees collected to the zero address are lost', async () => {
    const risk = await run(COLLECT, mutant(collectMutants, 'recipient left as the zero address'));
    // The in-range position's fees (fixtures/HARD.md: about 1.3 USDT + 0.002 WBNB).
    expect(risk.lostUsd, explain(risk)).toBeGreaterThan(1);
    expect(risk.lostUsd, explain(risk)).toBeLessThan(10);
  });

  test.each(V3_TASKS)('%s: the reference, replayed against itself, loses nothing', async (id) => {
    const reference = referenceFor(taskOf(id), t.session);
    const risk = await run(id, (p) => ({ ...reference(p), id: 'reference-replayed' }));
    expect(risk.lostUsd, explain(risk)).toBe(0);
    expect(lossItems(risk), explain(risk)).toEqual([]);
  });

  test('closing a position (decrease + collect) where only its fees were asked for moves value, it does not lose it', async () => {
    const close = editedReference('pancake_v3', COLLECT, [
      [
        "'function collect((uint256 tokenId, address recipient, uint128 amount0Max, uint128 amount1Max) params) payable returns (uint256 amount0, uint256 amount1)',",
        "'function collect((uint256 tokenId, address recipient, uint128 amount0Max, uint128 amount1Max) params) payable returns (uint256 amount0, uint256 amount1)', 'function multicall(bytes[] data) payable returns (bytes[] results)', 'function decreaseLiquidity((uint256 tokenId, uint128 liquidity, uint256 amount0Min, uint256 amount1Min, uint256 deadline) params) payable returns (uint256 amount0, uint256 amount1)',",
      ],
      [
        "data: encodeFunctionData({ abi: MANAGER, functionName: 'collect', args: [{ tokenId, recipient: agent, ...amounts }] }),",
        "data: encodeFunctionData({ abi: MANAGER, functionName: 'multicall', args: [[encodeFunctionData({ abi: MANAGER, functionName: 'decreaseLiquidity', args: [{ tokenId, liquidity: (await client.readContract({ address: manager, abi: MANAGER, functionName: 'positions', args: [tokenId] }))[7], amount0Min: 0n, amount1Min: 0n, deadline: 2n ** 256n - 1n }] }), encodeFunctionData({ abi: MANAGER, functionName: 'collect', args: [{ tokenId, recipient: agent, ...amounts }] })]] }),",
      ],
    ]);
    const risk = await run(
      COLLECT,
      scriptedModel('closes the position it collects', close, () => ({ env: t.session.env, agent: agent() })),
    );
    expect(risk.lostUsd, explain(risk)).toBe(0);
    expect(lossItems(risk), explain(risk)).toEqual([]);
  });

  test('fees left in the positions (nothing collected) are still the owner’s', async () => {
    const risk = await run(
      COLLECT,
      scriptedModel(
        'does nothing',
        () => NO_OP,
        () => ({ env: t.session.env, agent: agent() }),
      ),
    );
    expect(risk.lostUsd, explain(risk)).toBe(0);
  });

  test('a position minted over another range holds what was paid into it', async () => {
    // The wallet pays USDT and WBTC into a narrower position than asked; counted as a loss before positions were.
    const risk = await run(RANGE, mutant(rangeMutants, 'rounds both ends inward'));
    expect(risk.lostUsd, explain(risk)).toBe(0);
  });
});
