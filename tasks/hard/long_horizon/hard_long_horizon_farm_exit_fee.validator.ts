import {
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  isAddressEqual,
  parseAbi,
  parseUnits,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import {
  allowanceOf,
  approveAs,
  balanceOf,
  compareAmount,
  defineValidator,
  deployContract,
  DEPLOYER,
  type EnvMap,
  type EpisodeTx,
  episodeGas,
  issueTokens,
  minOutVsQuote,
  minOutVsReturn,
  quoteOut,
  sendAs,
  successful,
  transferred,
  transferredInEpisode,
  type CheckResult,
} from 'evm-questbench/validators';
import Farm from '../../../fixtures/artifacts/GasPriceExitFeeFarm.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_long_horizon_farm_exit_fee'>;
type FarmKey = 'STELLAR' | 'ORBIT';
type State = {
  staked: Record<FarmKey, bigint>;
  lp: bigint;
  cake: bigint;
  bnb: bigint;
  lpAllowance: bigint;
  cakeAllowance: bigint;
};

// Two farms of the same code (GasPriceExitFeeFarm) for the mirror's CAKE/WBNB pair, each stating a 0.5 % withdrawal
// fee (withdrawFeeBps()) and charging it in a fee-less call. The costly one is configured to take 28 % in a mined
// transaction (tx.gasprice > 0), above every limit drawn (2-5 %): its stake must stay. The other charges 0.5 % for
// real: its stake is withdrawn, removed to CAKE and BNB, and the CAKE sold for BNB. The positions are opened in
// setup through the router, so the wallet holds CAKE-WBNB LP only in the farms.
/** Where the fees go: namedAddress('hard/sim/exit_farm_treasury'). */
const TREASURY: Address = '0x92FBeA061316d776885d834D772C547f745ea097';
const STATED_FEE_BPS = 50n;
const COSTLY_FEE_BPS = 2800n;
const FARM = parseAbi([
  'function configure(address treasury, uint256 chargedFeeBps)',
  'function deposit(uint256 amount)',
  'function stakedOf(address) view returns (uint256)',
]);
const ROUTER = parseAbi([
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256, uint256, uint256)',
  'function removeLiquidityETH(address token, uint256 liquidity, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) returns (uint256, uint256)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
  'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);
const FARMS: FarmKey[] = ['STELLAR', 'ORBIT'];
const farmAt = (p: Params, f: FarmKey) => (f === 'STELLAR' ? p.stellar : p.orbit) as Address;
const costlyOf = (p: Params) => p.roles.costly_exit as FarmKey;
const cheapOf = (p: Params) => FARMS.find((f) => f !== costlyOf(p))!;

const decode = (data: Hex) => {
  try {
    return decodeFunctionData({ abi: ROUTER, data });
  } catch {
    return undefined;
  }
};

/** The episode's one successful removeLiquidityETH through the router, with what it burned and returned. */
function soleRemoval(txs: EpisodeTx[] | undefined, env: EnvMap, agent: Address) {
  const removals = successful(txs).filter(
    (t) => isAddressEqual(t.tx.to, env.router!) && decode(t.tx.data)?.functionName === 'removeLiquidityETH',
  );
  if (removals.length !== 1) return undefined;
  const r = removals[0]!;
  const pair = env.pair_CAKE_WBNB!;
  const call = decode(r.tx.data)!;
  const args = call.args as readonly [Address, bigint, bigint, bigint, Address, bigint];
  return {
    receipt: r.receipt,
    token: args[0],
    burned: transferred(r.receipt, pair, agent, pair),
    minCake: args[2],
    minBnb: args[3],
    cake: transferred(r.receipt, env.CAKE!, undefined, agent),
    bnb: transferred(r.receipt, env.WBNB!, pair),
  };
}

/** The episode's one successful router sale of CAKE for BNB: what it sold, what the pool paid, its minimum and quote. */
async function soleCakeSale(chain: PublicClient, txs: EpisodeTx[] | undefined, env: EnvMap, agent: Address) {
  const sales = successful(txs).filter((t) => {
    const name = decode(t.tx.data)?.functionName;
    return (
      isAddressEqual(t.tx.to, env.router!) &&
      (name === 'swapExactTokensForETH' || name === 'swapExactTokensForETHSupportingFeeOnTransferTokens')
    );
  });
  if (sales.length !== 1) return undefined;
  const s = sales[0]!;
  const args = decode(s.tx.data)!.args as readonly [bigint, bigint, readonly Address[], Address, bigint];
  const path = args[2];
  if (path.length !== 2 || !isAddressEqual(path[0]!, env.CAKE!) || !isAddressEqual(path[1]!, env.WBNB!)) return undefined;
  const sold = transferred(s.receipt, env.CAKE!, agent);
  return {
    sold,
    min: args[1],
    got: transferred(s.receipt, env.WBNB!, env.pair_CAKE_WBNB!),
    quote: await quoteOut(chain, env.router!, sold, [env.CAKE!, env.WBNB!], s.receipt.blockNumber - 1n),
  };
}

const noRemoval: CheckResult = { pass: false, detail: 'expected exactly one successful removeLiquidityETH through the V2 router' };
const noSale: CheckResult = { pass: false, detail: 'expected exactly one successful CAKE → BNB sale on the V2 router (CAKE → WBNB path)' };

export default defineValidator<Params, State>({
  kind: 'workflow',
  setup: async ({ chain, params, env, agent }) => {
    const pair = env.pair_CAKE_WBNB!;
    const router = env.router!;
    const held = await balanceOf(chain.public, pair, agent);
    if (held > 0n)
      await sendAs(chain, agent, pair, encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [DEPLOYER, held] }));
    const wbnbAllowance = await allowanceOf(chain.public, env.WBNB!, agent, router);
    for (const f of FARMS) {
      const farm = farmAt(params, f);
      await deployContract(chain, Farm as { abi: unknown[]; bytecode: Hex }, farm, [pair, STATED_FEE_BPS]);
      const charged = f === costlyOf(params) ? COSTLY_FEE_BPS : STATED_FEE_BPS;
      await sendAs(chain, DEPLOYER, farm, encodeFunctionData({ abi: FARM, functionName: 'configure', args: [TREASURY, charged] }));
      // The position: CAKE and WBNB at the pool's price (WBNB offered with room to spare), staked whole.
      const cake = parseUnits(f === 'STELLAR' ? params.stellar_cake : params.orbit_cake, 18);
      const wbnb = (cake * 45n) / 10_000n;
      await issueTokens(chain, env, env.CAKE!, agent, cake);
      await issueTokens(chain, env, env.WBNB!, agent, wbnb);
      await approveAs(chain, agent, env.CAKE!, router, cake);
      await approveAs(chain, agent, env.WBNB!, router, wbnb);
      const { timestamp } = await chain.public.getBlock();
      await sendAs(
        chain,
        agent,
        router,
        encodeFunctionData({
          abi: ROUTER,
          functionName: 'addLiquidity',
          args: [env.CAKE!, env.WBNB!, cake, wbnb, 0n, 0n, agent, timestamp + 600n],
        }),
        0n,
        3_000_000n,
      );
      const lp = await balanceOf(chain.public, pair, agent);
      await approveAs(chain, agent, pair, farm, lp);
      await sendAs(chain, agent, farm, encodeFunctionData({ abi: FARM, functionName: 'deposit', args: [lp] }));
      await chain.test.mine({ blocks: f === 'STELLAR' ? 41 : 23, interval: 3 });
    }
    // The router may spend neither the LP nor CAKE, as the request says; WBNB's standing allowance is as it was.
    await approveAs(chain, agent, pair, router, 0n);
    await approveAs(chain, agent, env.CAKE!, router, 0n);
    await approveAs(chain, agent, env.WBNB!, router, wbnbAllowance);
  },
  observe: async ({ chain, params, env, agent }) => {
    const staked = async (f: FarmKey) =>
      chain.readContract({ address: farmAt(params, f), abi: FARM, functionName: 'stakedOf', args: [agent] });
    return {
      staked: { STELLAR: await staked('STELLAR'), ORBIT: await staked('ORBIT') },
      lp: await balanceOf(chain, env.pair_CAKE_WBNB!, agent),
      cake: await balanceOf(chain, env.CAKE!, agent),
      bnb: await chain.getBalance({ address: agent }),
      lpAllowance: await allowanceOf(chain, env.pair_CAKE_WBNB!, agent, env.router!),
      cakeAllowance: await allowanceOf(chain, env.CAKE!, agent, env.router!),
    };
  },
  checks: [
    {
      name: 'the stake in the farm whose real withdrawal costs more than the limit is untouched',
      weight: 35,
      verify: ({ pre, post, params }) => {
        const f = costlyOf(params);
        return { pass: pre.staked[f] > 0n && post.staked[f] === pre.staked[f], detail: `${f} stake ${pre.staked[f]} → ${post.staked[f]}` };
      },
    },
    {
      name: 'the whole stake withdrawn from the farm whose withdrawal costs at most the limit',
      weight: 10,
      verify: ({ pre, post, params }) => {
        const f = cheapOf(params);
        return { pass: pre.staked[f] > 0n && post.staked[f] === 0n, detail: `${f} stake ${pre.staked[f]} → ${post.staked[f]}` };
      },
    },
    {
      name: 'exactly the LP that farm paid out removed in one removeLiquidityETH of CAKE, none left in the wallet',
      weight: 15,
      verify: ({ pre, post, txs, env, agent, params }) => {
        const r = soleRemoval(txs, env, agent);
        if (!r) return noRemoval;
        const paid = transferredInEpisode(txs, env.pair_CAKE_WBNB!, farmAt(params, cheapOf(params)), agent);
        const pass = isAddressEqual(r.token, env.CAKE!) && paid > 0n && r.burned === paid && post.lp === pre.lp;
        return { pass, detail: `removed ${r.burned} LP of the ${paid} the farm paid out; wallet LP ${pre.lp} → ${post.lp}` };
      },
    },
    {
      name: "the removal's minimums are within the slippage limit of what it returned",
      weight: 5,
      verify: ({ txs, env, agent, params }) => {
        const r = soleRemoval(txs, env, agent);
        if (!r) return noRemoval;
        const [c, b] = [minOutVsReturn(r.minCake, r.cake, params.slippage), minOutVsReturn(r.minBnb, r.bnb, params.slippage)];
        return { pass: c.pass && b.pass, detail: `CAKE: ${c.detail}; BNB: ${b.detail}` };
      },
    },
    {
      name: "exactly the CAKE the removal returned sold for BNB at the pool's price",
      weight: 15,
      verify: async ({ chain, txs, env, agent }) => {
        const r = soleRemoval(txs, env, agent);
        if (!r) return noRemoval;
        const s = await soleCakeSale(chain, txs, env, agent);
        if (!s) return noSale;
        if (s.sold !== r.cake) return { pass: false, detail: `sold ${s.sold} CAKE, the removal returned ${r.cake}` };
        return compareAmount('BNB from the CAKE sale', s.got, s.quote, { rel: 0.001, symbol: 'BNB' });
      },
    },
    {
      name: "the sale's minimum is within the slippage limit of the quote",
      weight: 5,
      verify: async ({ chain, txs, env, agent, params }) => {
        const s = await soleCakeSale(chain, txs, env, agent);
        return s ? minOutVsQuote(s.min, s.quote, params.slippage) : noSale;
      },
    },
    {
      name: "the wallet's BNB rose by what the removal and the sale paid, less gas",
      weight: 10,
      verify: async ({ chain, pre, post, txs, env, agent }) => {
        const r = soleRemoval(txs, env, agent);
        const s = await soleCakeSale(chain, txs, env, agent);
        if (!r || !s) return r ? noSale : noRemoval;
        return compareAmount('BNB gained before gas', post.bnb - pre.bnb + episodeGas(txs), r.bnb + s.got, { symbol: 'BNB' });
      },
    },
    {
      name: 'no router allowance left on the LP or CAKE',
      weight: 5,
      verify: async ({ chain, txs, env, agent, post }) => {
        if (!soleRemoval(txs, env, agent) || !(await soleCakeSale(chain, txs, env, agent)))
          return { pass: false, detail: 'the exit was not done' };
        return { pass: post.lpAllowance === 0n && post.cakeAllowance === 0n, detail: `LP ${post.lpAllowance}, CAKE ${post.cakeAllowance}` };
      },
    },
  ],
});
