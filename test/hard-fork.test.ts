// Fork mode for the hard split, against a local upstream anvil that serves the hard chain with our own
// tokens and contracts removed (standing in for BSC, which has PancakeSwap V3 and Venus but none of ours).
// Removing code leaves storage, so here our tokens' pools still exist upstream; on BSC the bootstrap creates
// them where hardForkManifest predicted (the last test checks that prediction on a pair that does not exist).
import { randomBytes } from 'node:crypto';
import { formatUnits, parseEther, parseUnits, type Address, type Hex } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BSC } from '../src/chain/addresses.ts';
import { startAnvil, type RunningAnvil } from '../src/chain/anvil.ts';
import { probeFork } from '../src/chain/fork.ts';
import {
  HARD_TOKEN_ABI,
  V2_FACTORY_ABI,
  V2_ROUTER_ABI,
  V3_FACTORY_ABI,
  V3_POSITION_MANAGER_ABI,
  V3_QUOTER_ABI,
  V3_ROUTER_ABI,
  VENUS_COMPTROLLER_ABI,
} from '../src/chain/hard-abis.ts';
import { hardEnvMap } from '../src/chain/hard-env.ts';
import { bootstrapHardFork, hardForkManifest } from '../src/chain/hard-fork.ts';
import { HARD_STATE, loadHardManifest, type HardManifest } from '../src/chain/hard-manifest.ts';
import { HARD_AGENT_HOLDINGS, provisionHardAgent } from '../src/chain/hard-provision.ts';
import { AIRDROP_CLAIMER, HARD_TOKENS } from '../src/chain/hard-spec.ts';
import { approveAs } from '../src/chain/hard-tokens-place.ts';
import { PANCAKE_V3 } from '../src/chain/pancake-v3.ts';
import { chainClients } from '../src/chain/rpc.ts';
import { ChainSession } from '../src/chain/session.ts';
import { callAs } from '../src/chain/call-as.ts';
import { namedAddress } from '../src/chain/addresses.ts';
import { referenceFor, runInstance } from '../src/instance/run.ts';
import { loadTasks } from '../src/instance/task.ts';

let upstream: RunningAnvil;
let node: RunningAnvil | undefined;
let session: ChainSession;
let manifest: HardManifest;

beforeAll(async () => {
  upstream = await startAnvil({ chainId: 56, loadState: HARD_STATE });
  const up = chainClients(upstream.url);
  const built = loadHardManifest();
  // A real chain has none of our contracts: remove them from the upstream (the protocols stay).
  const ours = [...Object.values(built.contracts), ...HARD_TOKENS.map((t) => t.address), AIRDROP_CLAIMER];
  for (const address of ours) await up.test.setCode({ address, bytecode: '0x' });
  await up.test.mine({ blocks: 1 });
  const target = await probeFork(upstream.url);
  manifest = await hardForkManifest(target);
  session = await ChainSession.open({
    startNode: async () => {
      await node?.stop();
      node = await startAnvil({ chainId: target.chainId, forkUrl: target.url, forkBlock: target.block });
      return node.url;
    },
    agentKey: generatePrivateKey(),
    marker: `0x${randomBytes(32).toString('hex')}` as Hex,
    manifest,
    fork: { url: target.url, block: Number(target.block) },
    bootstrap: bootstrapHardFork,
    provisionMore: (chain, agent) => provisionHardAgent(chain, agent, manifest),
    envMap: (m, agent) => hardEnvMap(m as HardManifest, agent),
  });
}, 300_000);
afterAll(async () => {
  await session?.close();
  await node?.stop();
  await upstream?.stop();
});

describe('hard fork mode', () => {
  test("the manifest reads the upstream's protocols and predicts where the bootstrap puts our pools", async () => {
    const c = session.chain.public;
    expect(Object.keys(manifest.hard.venus.markets).sort()).toEqual(['vBNB', 'vBUSD', 'vCAKE', 'vUSDT']); // no vWBTC without governance
    expect(manifest.hard.venus.oracle).toBe(loadHardManifest().hard.venus.oracle);
    for (const [key, pair] of Object.entries(manifest.hard.pairs)) {
      const [a, b] = key.split(/_(?=[^_]+$)/).map((k) => manifest.hard.tokens[k]?.address ?? manifest.tokens[k]!) as [Address, Address];
      expect(await c.readContract({ address: BSC.PANCAKE_FACTORY, abi: V2_FACTORY_ABI, functionName: 'getPair', args: [a, b] }), key).toBe(
        pair,
      );
    }
    for (const p of manifest.hard.v3.pools) {
      expect(
        await c.readContract({
          address: PANCAKE_V3.factory,
          abi: V3_FACTORY_ABI,
          functionName: 'getPool',
          args: [p.token0, p.token1, p.fee],
        }),
        p.key,
      ).toBe(p.address);
    }
  });

  test('our tokens and contracts are deployed at runtime at their fixed addresses, and the address map has code behind every contract key', async () => {
    for (const t of HARD_TOKENS) {
      expect(await session.chain.public.readContract({ address: t.address, abi: HARD_TOKEN_ABI, functionName: 'symbol' }), t.key).toBe(
        t.symbol,
      );
    }
    const accounts = new Set(['agent', 'rich_address', 'pancake_smart_router', 'vWBTC']);
    expect(session.env).not.toHaveProperty('venus');
    for (const [k, address] of Object.entries(session.env)) {
      if (accounts.has(k)) continue;
      expect((await session.chain.public.getCode({ address }))?.length ?? 0, k).toBeGreaterThan(2);
    }
  });

  test('the agent starts with the hard holdings: tokens, two V3 positions, the Venus supply', async () => {
    const agent = session.account.address;
    for (const [k, amount] of Object.entries(HARD_AGENT_HOLDINGS.tokens)) {
      const t = manifest.hard.tokens[k]!;
      expect(
        formatUnits(
          await session.chain.public.readContract({ address: t.address, abi: HARD_TOKEN_ABI, functionName: 'balanceOf', args: [agent] }),
          t.decimals,
        ),
        k,
      ).toBe(amount);
    }
    expect(
      await session.chain.public.readContract({
        address: PANCAKE_V3.positionManager,
        abi: V3_POSITION_MANAGER_ABI,
        functionName: 'balanceOf',
        args: [agent],
      }),
    ).toBe(2n);
    expect(
      await session.chain.public.readContract({
        address: manifest.hard.venus.comptroller,
        abi: VENUS_COMPTROLLER_ABI,
        functionName: 'getAssetsIn',
        args: [agent],
      }),
    ).toEqual([manifest.hard.venus.markets.vBNB!.address]);
  });

  test("our tokens trade through the fork's V3 and V2 routers: a WBTC quote matches the swap, a taxed sell needs the supporting function", async () => {
    await session.reset();
    const chain = session.chain;
    const trader = namedAddress('test/hard-fork-trader');
    await chain.test.setBalance({ address: trader, value: parseEther('10') });
    const wbtc = manifest.hard.tokens.WBTC!.address;
    await callAs(chain, (await import('../src/chain/addresses.ts')).DEPLOYER, wbtc, HARD_TOKEN_ABI, 'mint', [trader, parseUnits('1', 8)]);
    await approveAs(chain, trader, wbtc, PANCAKE_V3.swapRouter, parseUnits('1', 8));
    const amountIn = parseUnits('0.1', 8);
    const { result } = await chain.public.simulateContract({
      address: PANCAKE_V3.quoterV2,
      abi: V3_QUOTER_ABI,
      functionName: 'quoteExactInputSingle',
      args: [{ tokenIn: wbtc, tokenOut: BSC.WBNB, amountIn, fee: 500, sqrtPriceLimitX96: 0n }],
    });
    await callAs(chain, trader, PANCAKE_V3.swapRouter, V3_ROUTER_ABI, 'exactInputSingle', [
      {
        tokenIn: wbtc,
        tokenOut: BSC.WBNB,
        fee: 500,
        recipient: trader,
        deadline: 4_000_000_000n,
        amountIn,
        amountOutMinimum: result[0],
        sqrtPriceLimitX96: 0n,
      },
    ]);
    expect(await chain.public.readContract({ address: BSC.WBNB, abi: HARD_TOKEN_ABI, functionName: 'balanceOf', args: [trader] })).toBe(
      result[0],
    );

    const agent = session.account.address;
    const yld = manifest.hard.tokens.YLD!.address;
    await approveAs(chain, agent, yld, BSC.PANCAKE_ROUTER, parseEther('100'));
    await expect(
      callAs(chain, agent, BSC.PANCAKE_ROUTER, V2_ROUTER_ABI, 'swapExactTokensForETH', [
        parseEther('100'),
        0n,
        [yld, BSC.WBNB],
        agent,
        4_000_000_000n,
      ]),
    ).rejects.toThrow(/reverted/);
    await callAs(chain, agent, BSC.PANCAKE_ROUTER, V2_ROUTER_ABI, 'swapExactTokensForETHSupportingFeeOnTransferTokens', [
      parseEther('100'),
      0n,
      [yld, BSC.WBNB],
      agent,
      4_000_000_000n,
    ]);
    expect(await chain.public.readContract({ address: yld, abi: HARD_TOKEN_ABI, functionName: 'balanceOf', args: [agent] })).toBe(
      parseEther('9900'),
    );
  });

  test("where a V2 pair that does not exist yet will land: the factory's answer to createPair, as hardForkManifest reads it", async () => {
    await session.reset();
    const [a, b] = [manifest.hard.tokens.FLOKI!.address, BSC.BUSD];
    const c = session.chain;
    expect(await c.public.readContract({ address: BSC.PANCAKE_FACTORY, abi: V2_FACTORY_ABI, functionName: 'getPair', args: [a, b] })).toBe(
      '0x0000000000000000000000000000000000000000',
    );
    const CREATE = [
      {
        type: 'function',
        name: 'createPair',
        stateMutability: 'nonpayable',
        inputs: [
          { name: 'a', type: 'address' },
          { name: 'b', type: 'address' },
        ],
        outputs: [{ type: 'address' }],
      },
    ] as const;
    const { result } = await c.public.simulateContract({
      address: BSC.PANCAKE_FACTORY,
      abi: CREATE,
      functionName: 'createPair',
      args: [a, b],
      account: session.account.address,
    });
    await callAs(c, session.account.address, BSC.PANCAKE_FACTORY, CREATE, 'createPair', [a, b]);
    expect(await c.public.readContract({ address: BSC.PANCAKE_FACTORY, abi: V2_FACTORY_ABI, functionName: 'getPair', args: [a, b] })).toBe(
      result,
    );
  });
  test('every hard task: the reference scores 100 on the fork, but the one that needs our vWBTC market', async () => {
    // BSC's Venus has no market for our WBTC (fixtures/HARD.md, fork mode): that task runs on the mirror only.
    const mirrorOnly = new Set(['hard_lending_supply_wbtc_collateral']);
    expect(session.env.vWBTC).toBeUndefined();
    const failures: string[] = [];
    for (const task of await loadTasks('tasks/hard')) {
      if (mirrorOnly.has(task.id)) continue;
      try {
        const r = await runInstance({
          task,
          round: 1,
          runSeed: 3,
          rounds: 1,
          session,
          model: referenceFor(task, session),
          scriptTimeoutMs: 20_000,
        });
        expect(r.chain.mode).toBe('fork');
        const failed = r.checks.filter((c) => !c.passed).map((c) => c.detail);
        if (r.score !== 100) failures.push(`${r.taskId}: ${r.score} ${r.error ?? ''} ${failed.join('; ')}`);
      } catch (e) {
        failures.push(`${task.id}: ${(e as Error).message.split('\n')[0]}`);
      }
    }
    expect(failures).toEqual([]);
  }, 900_000);
});
