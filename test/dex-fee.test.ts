// The mirror's DEX charges PancakeSwap's 0.25 % swap fee, like BSC: a quote worked out by hand from the
// reserves with PancakeSwap's formula equals the router's, on the mirror and on a fork, and a real swap
// pays out exactly that amount. Uniswap's 0.30 % gives a different number for every case below.
import { encodeFunctionData, erc20Abi, isAddressEqual, parseAbi, parseEther, toFunctionSelector, type Address, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BSC } from '../src/chain/addresses.ts';
import { startAnvil, type RunningAnvil } from '../src/chain/anvil.ts';
import { forkManifest, probeFork } from '../src/chain/fork.ts';
import { loadMirrorManifest, MIRROR_STATE } from '../src/chain/mirror-files.ts';
import { chainClients, type ChainClients } from '../src/chain/rpc.ts';
import type { ChainSession } from '../src/chain/session.ts';
import { signAndSend, type SendResult } from '../src/execution/send.ts';
import { GET_AMOUNTS_IN, GET_AMOUNTS_OUT, PAIR, SWAP_EXACT_TOKENS_FOR_TOKENS } from '../src/validators/dex.ts';
import { openTestSession } from './helpers/session.ts';

const FACTORY = parseAbi(['function getPair(address, address) view returns (address)']);
const PAIR_SWAP = parseAbi(['function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes data)']);
const LP_TOKEN = parseAbi(['function name() view returns (string)', 'function symbol() view returns (string)']);

/** PancakeSwap V2 (PancakeLibrary.getAmountOut): 0.25 % of the input stays in the pool. */
const pancakeOut = (amountIn: bigint, rIn: bigint, rOut: bigint) => (amountIn * 9975n * rOut) / (rIn * 10000n + amountIn * 9975n);
/** PancakeLibrary.getAmountIn: the least input that yields `amountOut`. */
const pancakeIn = (amountOut: bigint, rIn: bigint, rOut: bigint) => (rIn * amountOut * 10000n) / ((rOut - amountOut) * 9975n) + 1n;
/** Uniswap V2's 0.30 % (what the mirror charged before): must differ, or the cases prove nothing. */
const uniswapOut = (amountIn: bigint, rIn: bigint, rOut: bigint) => (amountIn * 997n * rOut) / (rIn * 1000n + amountIn * 997n);

const { WBNB, USDT, BUSD, CAKE } = BSC;
const SYMBOLS: Record<string, string> = { [WBNB]: 'WBNB', [USDT]: 'USDT', [BUSD]: 'BUSD', [CAKE]: 'CAKE' };
const label = (path: Address[]) => path.map((a) => SYMBOLS[a]).join(' -> ');
/** Paths (one and two hops) and input amounts, across all five pools. */
const CASES: { path: Address[]; amountIn: bigint }[] = [
  { path: [WBNB, USDT], amountIn: parseEther('1.5') },
  { path: [USDT, WBNB], amountIn: parseEther('777.77') },
  { path: [USDT, BUSD], amountIn: parseEther('1234.56') },
  { path: [BUSD, WBNB], amountIn: parseEther('42') },
  { path: [CAKE, WBNB], amountIn: parseEther('100') },
  { path: [CAKE, USDT], amountIn: parseEther('3.3') },
  { path: [CAKE, WBNB, BUSD], amountIn: parseEther('150') },
  { path: [USDT, WBNB, CAKE], amountIn: parseEther('250') },
];

async function reserves(chain: ChainClients, tokenIn: Address, tokenOut: Address): Promise<[bigint, bigint]> {
  const pair = await chain.public.readContract({
    address: BSC.PANCAKE_FACTORY,
    abi: FACTORY,
    functionName: 'getPair',
    args: [tokenIn, tokenOut],
  });
  const [token0, [r0, r1]] = await Promise.all([
    chain.public.readContract({ address: pair, abi: PAIR, functionName: 'token0' }),
    chain.public.readContract({ address: pair, abi: PAIR, functionName: 'getReserves' }),
  ]);
  return isAddressEqual(token0, tokenIn) ? [r0, r1] : [r1, r0];
}

/** Hop by hop from the reserves: [PancakeSwap amounts, Uniswap amounts], each starting with amountIn. */
async function byHand(chain: ChainClients, path: Address[], amountIn: bigint): Promise<[bigint[], bigint[]]> {
  const pancake = [amountIn];
  const uniswap = [amountIn];
  for (let i = 0; i + 1 < path.length; i++) {
    const [rIn, rOut] = await reserves(chain, path[i]!, path[i + 1]!);
    pancake.push(pancakeOut(pancake[i]!, rIn, rOut));
    uniswap.push(uniswapOut(uniswap[i]!, rIn, rOut));
  }
  return [pancake, uniswap];
}

/** A send's outcome: the receipt status, or the node's refusal. */
const status = (r: SendResult) => (r.kind === 'mined' ? r.receipt.status : `rejected: ${r.message}`);

const routerOut = (chain: ChainClients, path: Address[], amountIn: bigint) =>
  chain.public.readContract({ address: BSC.PANCAKE_ROUTER, abi: GET_AMOUNTS_OUT, functionName: 'getAmountsOut', args: [amountIn, path] });

/** The router's quotes equal the hand computation on `chain` (and Uniswap's fee would not). */
async function expectPancakeQuotes(chain: ChainClients): Promise<void> {
  for (const { path, amountIn } of CASES) {
    const [pancake, uniswap] = await byHand(chain, path, amountIn);
    const quoted = await routerOut(chain, path, amountIn);
    expect([...quoted], label(path)).toEqual(pancake);
    expect(uniswap.at(-1)).not.toBe(pancake.at(-1));
  }
  // getAmountsIn: the exact-output side of the library.
  const want = parseEther('500');
  const [rIn, rOut] = await reserves(chain, USDT, BUSD);
  const needed = await chain.public.readContract({
    address: BSC.PANCAKE_ROUTER,
    abi: GET_AMOUNTS_IN,
    functionName: 'getAmountsIn',
    args: [want, [USDT, BUSD]],
  });
  expect(needed[0]).toBe(pancakeIn(want, rIn, rOut));
}

let mirror: Awaited<ReturnType<typeof openTestSession>>;
let session: ChainSession;
let upstream: RunningAnvil | undefined;
let fork: RunningAnvil | undefined;

beforeAll(async () => {
  mirror = await openTestSession();
  session = mirror.session;
}, 120_000);
afterAll(async () => {
  await mirror?.close();
  await fork?.stop();
  await upstream?.stop();
});

describe('PancakeSwap V2 fee on the mirror', () => {
  test("the router's getAmountsOut and getAmountsIn follow PancakeSwap's 0.25 % formula", async () => {
    await expectPancakeQuotes(session.chain);
  });

  test('pairs are PancakeSwap LP tokens at the addresses the factory reports', async () => {
    const manifest = loadMirrorManifest();
    for (const [key, address] of Object.entries(manifest.pairs)) {
      const [a, b] = key.split('_').map((s) => manifest.tokens[s]!);
      expect(
        await session.chain.public.readContract({ address: BSC.PANCAKE_FACTORY, abi: FACTORY, functionName: 'getPair', args: [a!, b!] }),
        key,
      ).toBe(address);
      expect(await session.chain.public.readContract({ address, abi: LP_TOKEN, functionName: 'name' })).toBe('Pancake LPs');
      expect(await session.chain.public.readContract({ address, abi: LP_TOKEN, functionName: 'symbol' })).toBe('Cake-LP');
      // Flash swaps call the receiver's pancakeCall, as on BSC.
      const code = (await session.chain.public.getCode({ address }))!;
      expect(code).toContain(toFunctionSelector('pancakeCall(address,uint256,uint256,bytes)').slice(2));
      expect(code).not.toContain(toFunctionSelector('uniswapV2Call(address,uint256,uint256,bytes)').slice(2));
    }
  });

  test('a real swap pays out exactly the hand-computed amount: through the router, direct and over two hops, and from the pair itself', async () => {
    await session.reset();
    const chain = session.chain;
    const agent = session.account.address;
    try {
      for (const { path, amountIn } of [
        { path: [USDT, BUSD], amountIn: parseEther('321.5') },
        { path: [CAKE, WBNB, USDT], amountIn: parseEther('60') },
      ]) {
        const [pancake] = await byHand(chain, path, amountIn);
        const expected = pancake.at(-1)!;
        const out = path.at(-1)!;
        const before = await chain.public.readContract({ address: out, abi: erc20Abi, functionName: 'balanceOf', args: [agent] });
        const data = encodeFunctionData({
          abi: SWAP_EXACT_TOKENS_FOR_TOKENS,
          functionName: 'swapExactTokensForTokens',
          args: [amountIn, expected, path, agent, 4_000_000_000n],
        });
        const sent = await signAndSend(
          chain,
          session.account,
          { to: BSC.PANCAKE_ROUTER, data, value: 0n },
          { chainId: 56, marker: session.marker },
        );
        expect(status(sent)).toBe('success');
        const after = await chain.public.readContract({ address: out, abi: erc20Abi, functionName: 'balanceOf', args: [agent] });
        expect(after - before, label(path)).toBe(expected);
      }
      // The pair's own K check, without the router: paid 10 USDT, it releases the formula's amount of
      // BUSD and refuses one wei more.
      const pair = await chain.public.readContract({
        address: BSC.PANCAKE_FACTORY,
        abi: FACTORY,
        functionName: 'getPair',
        args: [USDT, BUSD],
      });
      const usdtIsToken0 = isAddressEqual(await chain.public.readContract({ address: pair, abi: PAIR, functionName: 'token0' }), USDT);
      const paid = parseEther('10');
      const [[, owed]] = await byHand(chain, [USDT, BUSD], paid);
      const send = (to: Address, data: Hex) =>
        signAndSend(chain, session.account, { to, data, value: 0n }, { chainId: 56, marker: session.marker });
      const swap = (out: bigint) =>
        encodeFunctionData({ abi: PAIR_SWAP, functionName: 'swap', args: usdtIsToken0 ? [0n, out, agent, '0x'] : [out, 0n, agent, '0x'] });
      expect(status(await send(USDT, encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [pair, paid] })))).toBe('success');
      expect(status(await send(pair, swap(owed! + 1n)))).toBe('reverted');
      const before = await chain.public.readContract({ address: BUSD, abi: erc20Abi, functionName: 'balanceOf', args: [agent] });
      expect(status(await send(pair, swap(owed!)))).toBe('success');
      expect((await chain.public.readContract({ address: BUSD, abi: erc20Abi, functionName: 'balanceOf', args: [agent] })) - before).toBe(
        owed,
      );
    } finally {
      await session.reset();
    }
  });
});

describe('PancakeSwap V2 fee on a fork', () => {
  test('the same hand computation matches the router on a fork of an upstream serving the mirror', async () => {
    upstream = await startAnvil({ chainId: 56, loadState: MIRROR_STATE });
    const target = await probeFork(upstream.url);
    const manifest = await forkManifest(target);
    expect(manifest.pairs).toEqual(loadMirrorManifest().pairs);
    fork = await startAnvil({ chainId: target.chainId, forkUrl: target.url, forkBlock: target.block });
    await expectPancakeQuotes(chainClients(fork.url));
  });
});
