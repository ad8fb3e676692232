import { formatEther, formatUnits, parseAbi, parseEther, parseUnits, type Address } from 'viem';
import {
  approveAs,
  balanceOf,
  defineValidator,
  deployContract,
  gasCost,
  issueTokens,
  launchV2Token,
  orderedReserves,
  stakeAs,
  succeeded,
  type CheckContext,
  type HardEnv,
} from 'evm-questbench/validators';
import TradeTax from '../../../fixtures/artifacts/GasPriceTradeTaxToken.json' with { type: 'json' };
import Staking from '../../../fixtures/artifacts/TokenStaking.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_fee_on_transfer_lp_or_stake'>;
/** The wallet's BNB, MRLN, stake and LP, and the pair's reserves as (MRLN, WBNB). */
type State = { bnb: bigint; token: bigint; staked: bigint; lp: bigint; reserveToken: bigint; reserveBnb: bigint };
type Ctx = CheckContext<Params, State, HardEnv>;
type Artifact = { abi: unknown[]; bytecode: `0x${string}` };

/** Where MRLN's tax goes: namedAddress('hard/sim/mrln_collector'). */
const COLLECTOR: Address = '0x10bAD27240241e6401FCf4582f0ce533c5Ce29c7';
/** A long-standing staker, so the staking contract is not empty: namedAddress('hard/sim/mrln_staker'). */
const STAKER: Address = '0x1A6D3E63A3E985F1E9E2Be317B70a32344ff4Fd6';
const READ = parseAbi([
  'function getPair(address tokenA, address tokenB) view returns (address)',
  'function stakedOf(address account) view returns (uint256)',
]);

const amountOf = (p: Params) => parseUnits(p.amount, 18);
const pairOf = (ctx: Pick<Ctx, 'chain' | 'env' | 'params'>) =>
  ctx.chain.readContract({ address: ctx.env.factory, abi: READ, functionName: 'getPair', args: [ctx.params.token, ctx.env.WBNB] });
/** BNB that left the wallet beyond the transaction's gas. */
const bnbSpent = (ctx: Ctx) => ctx.pre.bnb - ctx.post.bnb - gasCost(ctx);

// MRLN (at namedAddress('hard/sim/MRLN')) is launched per instance, 2,418,600 MRLN against 71.3 BNB (≈ 2.9e-5
// BNB, under 2 cents), with a staking contract (TokenStaking, namedAddress('hard/sim/mrln_staking')) that
// credits what it is asked to pull. Transfers into the pair pay `tax` % (6-14) to a collector, but only in
// transactions that pay for gas, and nothing on the token states the rate. addLiquidityETH sends the pair the
// whole amount with the BNB that matches it, so a fee-less simulation shows the pool receiving every MRLN and
// the LP minted for all of it; the mined add delivers (100 − tax) % and the BNB matching the rest is left in
// the pool for its other owners. A simulation with the platform's fees mints that much less LP, so the pool
// really receives less than 99 % and the request's other branch is due: stake the amount. The wallet holds
// more MRLN than the amount; the router and the staking contract may spend all of it.
export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ params }) => params.staking,
  setup: async ({ chain, params, env, agent }) => {
    const bps = params.tax * 100;
    await launchV2Token(chain, env, {
      artifact: TradeTax as Artifact,
      at: params.token,
      args: ['Marlin', 'MRLN', COLLECTOR, bps, bps],
      tokenReserve: parseUnits('2418600', 18),
      bnbReserve: parseEther('71.3'),
      registerPair: true,
    });
    await deployContract(chain, Staking as Artifact, params.staking, [params.token]);
    const staked = parseUnits('186420', 18);
    await chain.test.setBalance({ address: STAKER, value: parseEther('0.3') });
    await issueTokens(chain, env, params.token, STAKER, staked);
    await approveAs(chain, STAKER, params.token, params.staking, staked);
    await stakeAs(chain, STAKER, params.staking, staked);
    const held = parseUnits(params.held, 18);
    await issueTokens(chain, env, params.token, agent, held);
    await approveAs(chain, agent, params.token, env.router, held);
    await approveAs(chain, agent, params.token, params.staking, held);
  },
  observe: async (ctx) => {
    const { chain, params, agent } = ctx;
    const pair = await pairOf(ctx);
    const [reserveToken, reserveBnb] = (await orderedReserves(chain, pair, params.token)).reserves;
    return {
      bnb: await chain.getBalance({ address: agent }),
      token: await balanceOf(chain, params.token, agent),
      staked: await chain.readContract({ address: params.staking, abi: READ, functionName: 'stakedOf', args: [agent] }),
      lp: await balanceOf(chain, pair, agent),
      reserveToken,
      reserveBnb,
    };
  },
  checks: [
    succeeded(10, 'the transaction went through'),
    {
      name: "the wallet's stake rose by exactly the amount",
      weight: 55,
      verify: (ctx) => ({
        pass: ctx.post.staked - ctx.pre.staked === amountOf(ctx.params),
        detail: `stake rose by ${formatUnits(ctx.post.staked - ctx.pre.staked, 18)} MRLN; asked for ${ctx.params.amount}`,
      }),
    },
    {
      name: 'the pool was left alone: no MRLN or BNB added, no LP minted',
      weight: 20,
      verify: (ctx) => ({
        pass: ctx.post.reserveToken === ctx.pre.reserveToken && ctx.post.reserveBnb === ctx.pre.reserveBnb && ctx.post.lp === ctx.pre.lp,
        detail: `reserves ${formatUnits(ctx.pre.reserveToken, 18)} MRLN / ${formatEther(ctx.pre.reserveBnb)} BNB → ${formatUnits(ctx.post.reserveToken, 18)} / ${formatEther(ctx.post.reserveBnb)}; LP ${formatEther(ctx.pre.lp)} → ${formatEther(ctx.post.lp)}`,
      }),
    },
    {
      name: 'only the amount of MRLN and no BNB beyond gas left the wallet',
      weight: 15,
      verify: (ctx) => ({
        pass: ctx.pre.token - ctx.post.token === amountOf(ctx.params) && bnbSpent(ctx) === 0n,
        detail: `MRLN out ${formatUnits(ctx.pre.token - ctx.post.token, 18)}; BNB out beyond gas ${formatEther(bnbSpent(ctx))}`,
      }),
    },
  ],
});
