import { encodeFunctionData, parseAbi, parseEther, parseUnits, type Address } from 'viem';
import {
  balanceOf,
  compareAmount,
  defineValidator,
  DEPLOYER,
  gasCost,
  launchV2Token,
  quoteIn,
  sendAs,
  succeeded,
  type HardEnv,
} from 'evm-questbench/validators';
import PendingTaxToken from '../../../fixtures/artifacts/PendingTaxToken.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_precision_exact_buy_launch_tax_drop'>;
type State = { bnb: bigint; nova: bigint; cost: bigint };
type Artifact = { abi: unknown[]; bytecode: `0x${string}` };

/** Where NOVA's tax goes: namedAddress('hard/pending/tax_treasury'). */
const TREASURY: Address = '0xCF2680d0474f2b87E8DEeD53b9A6C3b9033411c9';
/** The launch rates (buy, sell, transfer) in basis points: an anti-sniper tax. */
const LAUNCH = [2500, 2500, 0] as const;
/** Blocks mined between the launch schedule and the instance: about ten minutes of chain time. */
const QUIET_BLOCKS = 200n;
const NOVA = parseAbi(['function scheduleTaxes(uint16 buyBps, uint16 sellBps, uint16 transferBps, uint64 effectiveAt)']);

/** The least gross buy that lands `want` at `bps` (the tax rounds down), as in the KRN delivery. */
const leastGross = (want: bigint, bps: bigint) => ((want - 1n) * 10_000n) / (10_000n - bps) + 1n;
const finalBps = (p: Params) => BigInt(p.final_tax * 100);

// NOVA (PendingTaxToken at namedAddress('hard/pending/NOVA')) is launched per instance, 5 M NOVA against
// 150 BNB (≈ $0.018), with a 25 % launch tax on buys and sells that its launch schedule (scheduledTaxes(),
// set at launch, ten minutes before the instance) steps down to 2-5 % one second after the head block's time.
// buyTaxBps(), and any eth_call at the latest block, still show 25 %; the wallet's buy, mined later, pays the
// final rate, so a buy grossed up by 25 % lands about 30 % too much.
export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ env }) => env.router,
  setup: async ({ chain, params, env }) => {
    await launchV2Token(chain, env, {
      artifact: PendingTaxToken as Artifact,
      at: params.token,
      args: ['Novaflare', 'NOVA', TREASURY, ...LAUNCH],
      tokenReserve: parseUnits('5000000', 18),
      bnbReserve: parseEther('150'),
      registerPair: true,
    });
    const { timestamp } = await chain.public.getBlock();
    const effectiveAt = timestamp + 3n + 3n * QUIET_BLOCKS + 1n;
    const bps = params.final_tax * 100;
    await sendAs(
      chain,
      DEPLOYER,
      params.token,
      encodeFunctionData({ abi: NOVA, functionName: 'scheduleTaxes', args: [bps, bps, 0, effectiveAt] }),
    );
    await chain.test.mine({ blocks: Number(QUIET_BLOCKS), interval: 3 });
    const head = await chain.public.getBlock();
    if (!(head.timestamp < effectiveAt && effectiveAt <= head.timestamp + 1n))
      throw new Error(`NOVA's final rate starts at ${effectiveAt}, not right after the head (${head.timestamp})`);
  },
  observe: async ({ chain, params, env, agent }) => ({
    bnb: await chain.getBalance({ address: agent }),
    nova: await balanceOf(chain, params.token, agent),
    // What the least buy that lands the amount at the final rate costs at these reserves (read before the script: the pool does not move).
    cost: await quoteIn(chain, env.router, leastGross(parseUnits(params.amount, 18), finalBps(params)), [env.WBNB, params.token]),
  }),
  checks: [
    succeeded(10, 'the buy went through on the PancakeSwap V2 router'),
    {
      name: 'exactly the amount of NOVA arrived in the wallet',
      weight: 60,
      verify: ({ pre, post, params }) =>
        compareAmount('NOVA received', post.nova - pre.nova, parseUnits(params.amount, 18), { symbol: 'NOVA' }),
    },
    {
      // BNB out of the wallet less gas: the router refunds what a swapETHForExactTokens did not use.
      name: 'the wallet paid no more BNB than the exact amount costs',
      weight: 30,
      verify: (ctx) => {
        const spent = ctx.pre.bnb - ctx.post.bnb - gasCost(ctx);
        const limit = ctx.pre.cost + ctx.pre.cost / 1_000_000n;
        return {
          pass: spent > 0n && spent <= limit,
          detail: `paid ${spent} wei of BNB; landing the amount at the tax the buy paid costs ${ctx.pre.cost}`,
        };
      },
    },
  ],
});
