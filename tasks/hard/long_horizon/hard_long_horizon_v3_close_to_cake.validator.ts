import {
  decodeFunctionData,
  isAddressEqual,
  parseAbi,
  parseEventLogs,
  toEventSelector,
  zeroAddress,
  type Address,
  type PublicClient,
} from 'viem';
import {
  allowanceOf,
  approvalSent,
  balanceOf,
  compareAmount,
  defineValidator,
  fmt,
  minOutVsQuote,
  minOutVsReturn,
  successful,
  transferred,
  type CheckResult,
  type EpisodeTx,
  type HardEnv,
  defined,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_long_horizon_v3_close_to_cake'>;
/** The wallet's USDT/WBNB 0.25 % position NFTs (`open`: the one with liquidity, before), the router's USDT allowance, the recipient's CAKE. */
type State = { ids: bigint[]; open: bigint | undefined; allowance: bigint; recipient: bigint };

const FEE = 2500;
const TIERS = [100, 500, 2500, 10000];
const MANAGER = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function tokenOfOwnerByIndex(address, uint256) view returns (uint256)',
  'function positions(uint256) view returns (uint96, address, address token0, address token1, uint24 fee, int24, int24, uint128 liquidity, uint256, uint256, uint128, uint128)',
  'struct DecreaseLiquidityParams { uint256 tokenId; uint128 liquidity; uint256 amount0Min; uint256 amount1Min; uint256 deadline; }',
  'function decreaseLiquidity(DecreaseLiquidityParams params) payable returns (uint256 amount0, uint256 amount1)',
  'event DecreaseLiquidity(uint256 indexed tokenId, uint128 liquidity, uint256 amount0, uint256 amount1)',
  'event Collect(uint256 indexed tokenId, address recipient, uint256 amount0, uint256 amount1)',
]);
const V3 = parseAbi([
  'function getPool(address, address, uint24) view returns (address)',
  'function liquidity() view returns (uint128)',
  'struct ExactInputSingleParams { address tokenIn; address tokenOut; uint24 fee; address recipient; uint256 deadline; uint256 amountIn; uint256 amountOutMinimum; uint160 sqrtPriceLimitX96; }',
  'function exactInputSingle(ExactInputSingleParams params) payable returns (uint256 amountOut)',
  'struct QuoteExactInputSingleParams { address tokenIn; address tokenOut; uint256 amountIn; uint24 fee; uint160 sqrtPriceLimitX96; }',
  'function quoteExactInputSingle(QuoteExactInputSingleParams params) returns (uint256 amountOut, uint160, uint32, uint256)',
]);
const WITHDRAWAL = parseAbi(['event Withdrawal(address indexed src, uint256 wad)']);
const NFT_TRANSFER = toEventSelector('Transfer(address,address,uint256)');

/** The wallet's position ids in the USDT/WBNB pool at 0.25 %, and the one among them with liquidity. */
async function positionsOf(chain: PublicClient, env: HardEnv, agent: Address): Promise<{ ids: bigint[]; open: bigint | undefined }> {
  const manager = env.v3_position_manager;
  const n = await chain.readContract({ address: manager, abi: MANAGER, functionName: 'balanceOf', args: [agent] });
  const ids: bigint[] = [];
  let open: bigint | undefined;
  for (let i = 0n; i < n; i++) {
    const id = await chain.readContract({ address: manager, abi: MANAGER, functionName: 'tokenOfOwnerByIndex', args: [agent, i] });
    const p = await chain.readContract({ address: manager, abi: MANAGER, functionName: 'positions', args: [id] });
    if (!isAddressEqual(p[2], env.USDT) || !isAddressEqual(p[3], env.WBNB) || p[4] !== FEE) continue;
    ids.push(id);
    if (p[7] > 0n) open = id;
  }
  return { ids, open };
}

/** Whether the episode burned position `id` (its ERC-721 Transfer to the zero address). */
const burned = (txs: EpisodeTx[] | undefined, manager: Address, id: bigint): boolean =>
  successful(txs).some((t) =>
    t.receipt.logs.some(
      (l) =>
        isAddressEqual(l.address, manager) &&
        l.topics[0] === NFT_TRANSFER &&
        l.topics.length === 4 &&
        BigInt(l.topics[2] ?? 1) === 0n &&
        BigInt(l.topics[3] ?? -1) === id,
    ),
  );

/** What the position paid the wallet through collect (USDT, WBNB), once it was closed: undefined while it is not. */
function closedAndCollected(
  txs: EpisodeTx[] | undefined,
  env: HardEnv,
  agent: Address,
  pre: State,
): { usdt: bigint; wbnb: bigint } | undefined {
  const manager = env.v3_position_manager;
  if (pre.open === undefined || !burned(txs, manager, pre.open)) return undefined;
  let usdt = 0n;
  let wbnb = 0n;
  for (const t of successful(txs)) {
    for (const l of parseEventLogs({ abi: MANAGER, eventName: 'Collect', logs: t.receipt.logs })) {
      if (!isAddressEqual(l.address, manager) || l.args.tokenId !== pre.open || !isAddressEqual(l.args.recipient, agent)) continue;
      usdt += l.args.amount0;
      wbnb += l.args.amount1;
    }
  }
  return { usdt, wbnb };
}

/** The CAKE/USDT pool with the most in-range liquidity at a block. */
async function deepestPool(chain: PublicClient, env: HardEnv, blockNumber: bigint): Promise<Address> {
  let best: Address = zeroAddress;
  let deepest = -1n;
  for (const fee of TIERS) {
    const pool = await chain.readContract({
      address: env.v3_factory,
      abi: V3,
      functionName: 'getPool',
      args: [env.CAKE, env.USDT, fee],
      blockNumber,
    });
    if (pool === zeroAddress) continue;
    const liquidity = await chain.readContract({ address: pool, abi: V3, functionName: 'liquidity', blockNumber });
    if (liquidity > deepest) [best, deepest] = [pool, liquidity];
  }
  return best;
}

/** The one successful sale of USDT for CAKE in the deepest pool: what it sold and bought, and its transaction. */
async function cakeSale(chain: PublicClient, txs: EpisodeTx[] | undefined, env: HardEnv, agent: Address) {
  const sales = successful(txs).filter(
    (t) => transferred(t.receipt, env.USDT, agent) > 0n && transferred(t.receipt, env.CAKE, undefined, agent) > 0n,
  );
  if (sales.length !== 1) return undefined;
  const t = defined(sales[0], 'the sale');
  const pool = await deepestPool(chain, env, t.receipt.blockNumber - 1n);
  return { t, pool, sold: transferred(t.receipt, env.USDT, agent, pool), got: transferred(t.receipt, env.CAKE, pool, agent) };
}

const notClosed: CheckResult = {
  pass: false,
  detail: 'the position was not decreased, collected and burned, so nothing was collected to carry on',
};

export default defineValidator<Params, State, HardEnv>({
  kind: 'workflow',
  observe: async ({ chain, params, env, agent }) => ({
    ...(await positionsOf(chain, env, agent)),
    allowance: await allowanceOf(chain, env.USDT, agent, env.v3_swap_router),
    recipient: await balanceOf(chain, env.CAKE, params.to),
  }),
  checks: [
    {
      name: 'the position was emptied, collected to the wallet and burned',
      weight: 15,
      verify: ({ txs, env, agent, pre, post }) => {
        const c = closedAndCollected(txs, env, agent, pre);
        const gone = pre.open !== undefined && !post.ids.includes(pre.open);
        return {
          pass: !!c && gone && c.usdt > 0n && c.wbnb > 0n,
          detail: c
            ? `collected ${fmt(c.usdt)} USDT and ${fmt(c.wbnb)} WBNB; position ${gone ? 'burned' : 'still held'}`
            : `position ${pre.open} not burned`,
        };
      },
    },
    {
      name: 'the decrease minimums are within the slippage limit of what it returned',
      weight: 5,
      verify: ({ txs, env, pre, params }) => {
        for (const t of successful(txs)) {
          if (!isAddressEqual(t.tx.to, env.v3_position_manager)) continue;
          const event = parseEventLogs({ abi: MANAGER, eventName: 'DecreaseLiquidity', logs: t.receipt.logs }).find(
            (l) => l.args.tokenId === pre.open && l.args.liquidity > 0n,
          );
          if (!event) continue;
          try {
            const { args } = decodeFunctionData({ abi: MANAGER, data: t.tx.data });
            const p = args[0] as { amount0Min: bigint; amount1Min: bigint };
            const r0 = minOutVsReturn(p.amount0Min, event.args.amount0, params.slippage);
            const r1 = minOutVsReturn(p.amount1Min, event.args.amount1, params.slippage);
            return { pass: r0.pass && r1.pass, detail: `USDT: ${r0.detail}; WBNB: ${r1.detail}` };
          } catch {
            return { pass: false, detail: 'the decrease is not a direct decreaseLiquidity call' };
          }
        }
        return { pass: false, detail: 'no decrease of the position' };
      },
    },
    {
      name: 'exactly the WBNB collected was unwrapped',
      weight: 15,
      verify: ({ txs, env, agent, pre }) => {
        const c = closedAndCollected(txs, env, agent, pre);
        if (!c) return notClosed;
        const unwrapped = successful(txs)
          .flatMap((t) => parseEventLogs({ abi: WITHDRAWAL, logs: t.receipt.logs }))
          .filter((l) => isAddressEqual(l.address, env.WBNB) && isAddressEqual(l.args.src, agent))
          .reduce((s, l) => s + l.args.wad, 0n);
        return compareAmount('WBNB unwrapped', unwrapped, c.wbnb, { symbol: 'WBNB' });
      },
    },
    {
      name: "the V3 SwapRouter's USDT allowance was set and nothing is left of it",
      weight: 10,
      verify: ({ txs, env, post }) => ({
        pass: approvalSent(txs, env.USDT, env.v3_swap_router) && post.allowance === 0n,
        detail: `USDT allowance of the V3 SwapRouter left: ${fmt(post.allowance)}`,
      }),
    },
    {
      name: 'exactly the USDT collected was sold for CAKE in the deepest CAKE/USDT pool',
      weight: 25,
      verify: async ({ chain, txs, env, agent, pre }) => {
        const c = closedAndCollected(txs, env, agent, pre);
        if (!c) return notClosed;
        const s = await cakeSale(chain, txs, env, agent);
        if (!s) return { pass: false, detail: 'expected exactly one successful USDT → CAKE sale' };
        if (s.got === 0n) return { pass: false, detail: `the sale did not trade in the deepest CAKE/USDT pool ${s.pool}` };
        return compareAmount('USDT sold in the deepest pool', s.sold, c.usdt, { symbol: 'USDT' });
      },
    },
    {
      name: "the sale's minimum is within the slippage limit of the quoter",
      weight: 5,
      verify: async ({ chain, txs, env, agent, params }) => {
        const s = await cakeSale(chain, txs, env, agent);
        if (!s) return { pass: false, detail: 'no USDT → CAKE sale' };
        try {
          const { args } = decodeFunctionData({ abi: V3, data: s.t.tx.data });
          const p = args[0] as { amountIn: bigint; amountOutMinimum: bigint; fee: number };
          const { result } = await chain.simulateContract({
            address: env.v3_quoter,
            abi: V3,
            functionName: 'quoteExactInputSingle',
            args: [{ tokenIn: env.USDT, tokenOut: env.CAKE, amountIn: p.amountIn, fee: p.fee, sqrtPriceLimitX96: 0n }],
            blockNumber: s.t.receipt.blockNumber - 1n,
          });
          return minOutVsQuote(p.amountOutMinimum, result[0], params.slippage);
        } catch {
          return { pass: false, detail: 'the sale is not a direct exactInputSingle' };
        }
      },
    },
    {
      name: 'the recipient received exactly the CAKE the sale bought',
      weight: 25,
      verify: async ({ chain, txs, env, agent, pre, post }) => {
        const s = await cakeSale(chain, txs, env, agent);
        if (!s || s.got === 0n) return { pass: false, detail: 'no USDT → CAKE sale in the deepest pool' };
        return compareAmount('CAKE received by the recipient', post.recipient - pre.recipient, s.got, { symbol: 'CAKE' });
      },
    },
  ],
});
