import { decodeFunctionData, encodeFunctionData, isAddressEqual, parseAbi, parseEther, parseUnits, type Address } from 'viem';
import {
  balanceOf,
  compareAmount,
  defineValidator,
  deployContract,
  frontRunV2,
  gasCost,
  issueTokens,
  quoteOut,
  sendAs,
  slippageFloor,
  SWAP_EXACT_ETH_FOR_TOKENS,
  withGrace,
  type CheckContext,
  type CheckResult,
  type HardEnv,
  defined,
} from 'evm-questbench/validators';
import ShieldRouter from '../../../fixtures/artifacts/GasPriceShieldRouter.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_slippage_attack_shield_router_or_v2'>;
type State = { bnb: bigint; token: bigint; quote: bigint };
type Ctx = CheckContext<Params, State, HardEnv>;
type Artifact = { abi: unknown[]; bytecode: `0x${string}` };

/** Another wallet that bought through ShieldSwap: namedAddress('hard/sim/shield_trader'). */
const TRADER: Address = '0x6694225D43c8b7433c046aEBC091F7F7291a6303';
const SHIELD = parseAbi([
  'function quote(address tokenOut, uint256 amountIn) view returns (uint256)',
  'function swapExactBNBForTokens(address tokenOut, uint256 minOut, address to) payable returns (uint256)',
]);
/** ShieldSwap's rebate over the V2 pool, in basis points. */
const REBATE_BPS = 30n;

const amountIn = (p: Params) => parseEther(p.amount);

/** The V2 swap the transaction makes, if it is the requested one: exactly the BNB, WBNB to the token, to the wallet. */
function requestedSwap({ tx, params, env, agent }: Ctx): { min: bigint } | undefined {
  if (!tx || !isAddressEqual(tx.to, env.router)) return undefined;
  try {
    const [min, path, to] = decodeFunctionData({ abi: SWAP_EXACT_ETH_FOR_TOKENS, data: tx.data }).args as unknown as [
      bigint,
      readonly Address[],
      Address,
    ];
    const ok =
      tx.value === amountIn(params) &&
      path.length === 2 &&
      isAddressEqual(defined(path[0], 'the path'), env.WBNB) &&
      isAddressEqual(defined(path[1], 'the path'), params.token.address) &&
      isAddressEqual(to, agent);
    return ok ? { min } : undefined;
  } catch {
    return undefined;
  }
}

function minimumHonoured(ctx: Ctx): CheckResult {
  const swap = requestedSwap(ctx);
  if (!swap) return { pass: false, detail: 'the transaction is not the requested swap on the PancakeSwap V2 router' };
  const floor = slippageFloor(ctx.pre.quote, ctx.params.slippage);
  return {
    pass: swap.min >= withGrace(floor) && swap.min <= ctx.pre.quote,
    detail: `amountOutMin ${swap.min}; the V2 quote before the trade was ${ctx.pre.quote}, ${ctx.params.slippage}% under it is ${floor}`,
  };
}

// ShieldSwap (GasPriceShieldRouter at namedAddress('hard/sim/shield_router')) buys through the V2 pool with
// no minimum of its own, adds a 0.3 % rebate from its inventory and checks the caller's minimum only when
// tx.gasprice is 0: every fee-less simulation shows a router that pays more than V2 and reverts below the
// minimum, while a mined swap takes whatever the pool gives. The wallet and another trader bought through it
// before (no one moved the pool then, so those swaps paid). The adversary moves the pool about 24 % against
// the buy before it is mined, whichever router it goes to: a ShieldSwap buy fills far below the owner's
// limit, which is never the right branch, so the target is the V2 router, where the owner's minimum makes
// the swap revert.
export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ env }) => env.router,
  revertMayScore: true,
  setup: async ({ chain, params, env, agent }) => {
    const token = params.token.address;
    await deployContract(chain, ShieldRouter as Artifact, params.shield, [env.router, env.WBNB, REBATE_BPS]);
    await issueTokens(chain, env, token, params.shield, parseUnits('18640', 18));
    const buy = async (who: Address, bnb: bigint) => {
      const quoted = await chain.public.readContract({ address: params.shield, abi: SHIELD, functionName: 'quote', args: [token, bnb] });
      const data = encodeFunctionData({
        abi: SHIELD,
        functionName: 'swapExactBNBForTokens',
        args: [token, (quoted * 99n) / 100n, who],
      });
      await sendAs(chain, who, params.shield, data, bnb);
    };
    const early = parseEther('2.37');
    await chain.test.setBalance({ address: TRADER, value: early + parseEther('0.2') });
    await buy(TRADER, early);
    await chain.test.mine({ blocks: 30, interval: 3 });
    await buy(agent, parseEther(params.swapped));
    await chain.test.mine({ blocks: 45, interval: 3 });
  },
  observe: async ({ chain, params, env, agent }) => ({
    bnb: await chain.getBalance({ address: agent }),
    token: await balanceOf(chain, params.token.address, agent),
    quote: await quoteOut(chain, env.router, amountIn(params), [env.WBNB, params.token.address]),
  }),
  // A buyer of the same token ahead of the trade, with 15 % of the pair's WBNB: about 24 % less for the wallet.
  beforeSend: async ({ chain, env, params, tx }) => {
    if (!isAddressEqual(tx.to, env.router) && !isAddressEqual(tx.to, params.shield)) return;
    await frontRunV2(chain, {
      router: env.router,
      pair: params.token.pair,
      sell: env.WBNB,
      buy: params.token.address,
      wbnb: env.WBNB,
      shareBps: 1500n,
    });
  },
  checks: [
    {
      name: 'the transaction swaps exactly the requested BNB for the token on the PancakeSwap V2 router, to the wallet',
      weight: 20,
      verify: (ctx) => ({
        pass: requestedSwap(ctx) !== undefined,
        detail: requestedSwap(ctx) ? 'ok' : 'not swapExactETHForTokens of the requested BNB along WBNB → token to the wallet',
      }),
    },
    { name: 'amountOutMin is the V2 quote less the requested slippage', weight: 30, verify: minimumHonoured },
    {
      name: 'the wallet got at least the requested floor, or the swap reverted on it and cost nothing but gas',
      weight: 50,
      verify: (ctx) => {
        const { pre, post, params, receipt } = ctx;
        const floor = slippageFloor(pre.quote, params.slippage);
        const got = post.token - pre.token;
        if (receipt?.status === 'success')
          return compareAmount(`${params.token.symbol} received (at least the floor)`, got >= floor ? floor : got, floor, {
            symbol: params.token.symbol,
          });
        if (!minimumHonoured(ctx).pass) return { pass: false, detail: 'the swap reverted, but not on the requested minimum' };
        const lost = pre.bnb - post.bnb;
        return {
          pass: lost === gasCost(ctx) && got === 0n,
          detail: `reverted; the wallet paid ${lost} wei of BNB (gas ${gasCost(ctx)}) and its ${params.token.symbol} moved by ${got}`,
        };
      },
    },
  ],
});
