// The hard split's starting wallet (provisionAgent, then provisionHardAgent) and its address map.
import { randomBytes } from 'node:crypto';
import { formatUnits, parseAbiItem, parseEther, parseUnits, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BSC, MULTICALL3 } from '../src/chain/addresses.ts';
import { startAnvil } from '../src/chain/anvil.ts';
import { HARD_TOKEN_ABI, V3_POOL_ABI, V3_POSITION_MANAGER_ABI, VENUS_COMPTROLLER_ABI, VTOKEN_ABI } from '../src/chain/hard-abis.ts';
import { HARD_DESCRIPTIONS, hardEnvMap } from '../src/chain/hard-env.ts';
import { HARD_AGENT_HOLDINGS, HARD_START_TIME, hardTimeline, lookalikeOf, PAYEES, PAYMENT_HISTORY } from '../src/chain/hard-provision.ts';
import { writeHardProvisionedState } from '../src/chain/hard-provisioned-state.ts';
import { AGENT_HOLDINGS, PRESET_SPENDERS } from '../src/chain/provision.ts';
import { PANCAKE_V3 } from '../src/chain/pancake-v3.ts';
import { openHardChain, type HardChain } from './helpers/hard-chain.ts';

const key = generatePrivateKey();
const agent = privateKeyToAccount(key).address;
const marker = `0x${randomBytes(32).toString('hex')}` as Hex;
let h: HardChain;
let dispose: () => void;
beforeAll(async () => {
  const state = await writeHardProvisionedState({ agentKey: key, marker });
  dispose = state.dispose;
  h = await openHardChain(state.file);
}, 120_000);
afterAll(async () => {
  await h?.close();
  dispose?.();
});

const erc20 = (t: Address, who: Address) =>
  h.chain.public.readContract({ address: t, abi: HARD_TOKEN_ABI, functionName: 'balanceOf', args: [who] });

describe('the hard chain as BSC has it', () => {
  test('Multicall3 at its canonical address batches reads (viem multicall) and reports failures per call', async () => {
    const [usdt, bogus] = await h.chain.public.multicall({
      multicallAddress: MULTICALL3,
      contracts: [
        { address: BSC.USDT, abi: HARD_TOKEN_ABI, functionName: 'balanceOf', args: [agent] },
        { address: agent, abi: HARD_TOKEN_ABI, functionName: 'balanceOf', args: [agent] },
      ],
    });
    expect(usdt).toEqual({ status: 'success', result: await erc20(BSC.USDT, agent) });
    expect(bogus?.status).toBe('failure');
  });
});

describe('the hard starting wallet', () => {
  test("BNB, the published splits' tokens and the new tokens as documented", async () => {
    expect(await h.chain.public.getBalance({ address: agent })).toBe(parseEther('100'));
    expect(await erc20(BSC.WBNB, agent)).toBe(AGENT_HOLDINGS.WBNB);
    expect(await erc20(BSC.BUSD, agent)).toBe(AGENT_HOLDINGS.BUSD);
    expect(await erc20(BSC.CAKE, agent)).toBe(AGENT_HOLDINGS.CAKE);
    // 1000 USDT after the payments, plus the poisoner's dust.
    expect(await erc20(BSC.USDT, agent)).toBe(parseEther(HARD_AGENT_HOLDINGS.usdtAfterHistory) + parseEther('0.000001'));
    for (const [k, amount] of Object.entries(HARD_AGENT_HOLDINGS.tokens)) {
      const t = h.manifest.hard.tokens[k]!;
      expect(formatUnits(await erc20(t.address, agent), t.decimals), k).toBe(amount);
    }
  });

  test('two V3 positions: one in range with fees to collect, one above the price holding CAKE only', async () => {
    const NPM = V3_POSITION_MANAGER_ABI;
    const n = await h.chain.public.readContract({
      address: PANCAKE_V3.positionManager,
      abi: NPM,
      functionName: 'balanceOf',
      args: [agent],
    });
    expect(n).toBe(2n);
    const ids = await Promise.all(
      [0n, 1n].map((i) =>
        h.chain.public.readContract({
          address: PANCAKE_V3.positionManager,
          abi: NPM,
          functionName: 'tokenOfOwnerByIndex',
          args: [agent, i],
        }),
      ),
    );
    const max = 2n ** 128n - 1n;
    const collect = (tokenId: bigint) =>
      h.chain.public.simulateContract({
        address: PANCAKE_V3.positionManager,
        abi: NPM,
        functionName: 'collect',
        args: [{ tokenId, recipient: agent, amount0Max: max, amount1Max: max }],
        account: agent,
      });
    const [inRange, outOfRange] = await Promise.all(
      ids.map((id) =>
        h.chain.public.readContract({ address: PANCAKE_V3.positionManager, abi: NPM, functionName: 'positions', args: [id] }),
      ),
    );
    expect([inRange![2], inRange![3], inRange![4]]).toEqual([BSC.USDT, BSC.WBNB, 2500]);
    const pool = h.manifest.hard.v3.pools.find((p) => p.key === 'USDT_WBNB_2500')!;
    const [, tick] = await h.chain.public.readContract({ address: pool.address, abi: V3_POOL_ABI, functionName: 'slot0' });
    expect(inRange![5] <= tick && tick < inRange![6]).toBe(true);
    const fees = (await collect(ids[0]!)).result;
    expect(fees[0]).toBeGreaterThan(parseEther('0.5')); // USDT
    expect(fees[1]).toBeGreaterThan(0n); // WBNB
    expect([outOfRange![2], outOfRange![3], outOfRange![4]]).toEqual([BSC.CAKE, BSC.USDT, 2500]);
    expect((await collect(ids[1]!)).result).toEqual([0n, 0n]);
    // Removing all of it returns CAKE only: the range is above the price.
    const { result } = await h.chain.public.simulateContract({
      address: PANCAKE_V3.positionManager,
      abi: NPM,
      functionName: 'decreaseLiquidity',
      args: [{ tokenId: ids[1]!, liquidity: outOfRange![7], amount0Min: 0n, amount1Min: 0n, deadline: 4_000_000_000n }],
      account: agent,
    });
    expect(result[0]).toBeGreaterThan(parseEther('149'));
    expect(result[1]).toBe(0n);
  });

  test('2 BNB supplied to Venus and entered as collateral', async () => {
    const v = h.manifest.hard.venus;
    expect(
      await h.chain.public.readContract({ address: v.comptroller, abi: VENUS_COMPTROLLER_ABI, functionName: 'getAssetsIn', args: [agent] }),
    ).toEqual([v.markets.vBNB!.address]);
    const [, supplied] = await h.chain.public
      .readContract({ address: v.markets.vBNB!.address, abi: VTOKEN_ABI, functionName: 'getAccountSnapshot', args: [agent] })
      .then((s) => [s[0], (s[1] * s[3]) / 10n ** 18n]);
    expect(Number(formatUnits(supplied!, 18))).toBeCloseTo(2, 6);
  });

  test("the payment history: real USDT payments, each shadowed by a lookalike sharing the payee's first and last five characters", async () => {
    const logs = await h.chain.public.getLogs({
      address: BSC.USDT,
      event: parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)'),
      args: { from: agent },
      fromBlock: 0n,
    });
    const times = await Promise.all(logs.map(async (l) => (await h.chain.public.getBlock({ blockNumber: l.blockNumber })).timestamp));
    const seen = logs.map((l, i) => ({ time: times[i]!, to: l.args.to!, value: l.args.value! }));
    const timeline = hardTimeline(BigInt(h.manifest.hard.clock));
    const fromWallet = timeline.history.filter((e) => e.kind === 'payment' || e.kind === 'zero-transfer');
    expect(seen).toEqual(
      fromWallet.map((e) => ({
        time: e.time,
        to: e.kind === 'payment' ? PAYEES[e.payee] : lookalikeOf(PAYEES[e.payee]),
        value: parseEther(e.amount),
      })),
    );
    expect(timeline.history.map((e) => e.time)).toEqual(PAYMENT_HISTORY.map((e) => BigInt(Date.parse(e.at) / 1000)));
    for (const payee of Object.values(PAYEES)) {
      const fake = lookalikeOf(payee).toLowerCase();
      expect(fake).not.toBe(payee.toLowerCase());
      expect(fake.slice(0, 7)).toBe(payee.toLowerCase().slice(0, 7));
      expect(fake.slice(-5)).toBe(payee.toLowerCase().slice(-5));
    }
    // The fake "USDT" arrived from the exchange deposit's lookalike.
    const fakes = await h.chain.public.getLogs({
      address: h.manifest.hard.tokens.USDT_LOOKALIKE!.address,
      event: parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)'),
      args: { to: agent },
      fromBlock: 0n,
    });
    expect(fakes.map((l) => [l.args.from, l.args.value])).toEqual([[lookalikeOf(PAYEES.exchange_deposit), parseEther('75')]]);
  });

  test("the chain starts at the documented time, and the published splits' allowances are still in place", async () => {
    const head = await h.chain.public.getBlock({ blockTag: 'latest' });
    expect(head.timestamp).toBe(BigInt(Date.parse(HARD_START_TIME) / 1000));
    expect(
      await h.chain.public.readContract({
        address: BSC.USDT,
        abi: HARD_TOKEN_ABI,
        functionName: 'allowance',
        args: [agent, PRESET_SPENDERS.venus],
      }),
    ).toBe(parseEther('1000'));
    expect(
      await h.chain.public.readContract({
        address: BSC.USDT,
        abi: HARD_TOKEN_ABI,
        functionName: 'allowance',
        args: [agent, BSC.PANCAKE_ROUTER],
      }),
    ).toBe(parseEther('10000'));
    void parseUnits;
  });

  test('the same agent provisioned again gives the same chain (state root of the head)', async () => {
    const again = await writeHardProvisionedState({ agentKey: key, marker });
    const node = await startAnvil({ chainId: 56, loadState: again.file });
    try {
      const other = await (await import('../src/chain/rpc.ts')).chainClients(node.url).public.getBlock({ blockTag: 'latest' });
      const mine = await h.chain.public.getBlock({ blockTag: 'latest' });
      expect([other.number, other.stateRoot]).toEqual([mine.number, mine.stateRoot]);
    } finally {
      await node.stop();
      again.dispose();
    }
  }, 120_000);
});

describe('the hard address map', () => {
  test('no `venus` key: its address keeps its true name, and the real Venus contracts have keys of their own', () => {
    const env = hardEnvMap(h.manifest, agent);
    expect(env).not.toHaveProperty('venus');
    expect(env).not.toHaveProperty('pancake_v3_router');
    expect(env.pancake_smart_router).toBe(PRESET_SPENDERS.venus);
    expect(env.venus_comptroller).toBe('0xfD36E2c2a6789Db23113685031d7F16329158384');
    expect(env.vUSDT).toBe('0xfD5840Cd36d94D7229439859C0112a4185BC0255');
    expect(env.v3_swap_router).toBe('0x1b81D678ffb9C0263b24A97847620C99d213eB14');
    expect(env.agent).toBe(agent);
  });

  test('every key of the hard map has code behind it (or is an account), hazard tokens stay out, and every new key is described', async () => {
    const env = hardEnvMap(h.manifest, agent);
    const accounts = new Set(['agent', 'rich_address', 'pancake_smart_router']);
    for (const [k, address] of Object.entries(env)) {
      if (accounts.has(k)) continue;
      expect((await h.chain.public.getCode({ address }))?.length ?? 0, k).toBeGreaterThan(2);
    }
    for (const hazard of ['MOONR', 'CLAIM', 'USDT_LOOKALIKE'])
      expect(Object.values(env)).not.toContain(h.manifest.hard.tokens[hazard]!.address);
    expect(Object.values(env)).not.toContain(h.manifest.hard.hazards.airdropClaimer);
    const baseKeys = new Set(['WBNB', 'router', 'factory', 'agent', 'rich_address', ...Object.keys(h.manifest.contracts)]);
    for (const k of Object.keys(env)) {
      if (baseKeys.has(k) || k.startsWith('pair_')) continue;
      expect(HARD_DESCRIPTIONS[k], k).toBeTruthy();
      expect(HARD_DESCRIPTIONS[k], k).not.toMatch(/\b\d+ decimals/); // the chain states decimals, not the prompt
    }
  });
});
