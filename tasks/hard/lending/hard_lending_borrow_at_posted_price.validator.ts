import { encodeFunctionData, parseAbi, parseEther, type Address } from 'viem';
import {
  balanceOf,
  borrowAs,
  collateralAndDebt,
  compareAmount,
  defineValidator,
  deployContract,
  DEPLOYER,
  sendAs,
  succeeded,
  underlyingPrice,
  venusPosition,
} from 'evm-questbench/validators';
import PendingPriceOracle from '../../../fixtures/artifacts/PendingPriceOracle.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_lending_borrow_at_posted_price'>;
type State = { usdt: bigint; usdtDebt: bigint; collateral: bigint; debt: bigint; usdtPrice: bigint };
type Artifact = { abi: unknown[]; bytecode: `0x${string}` };

const ONE = 10n ** 18n;
/** Where the oracle's new code is deployed before it takes the oracle's place: namedAddress('hard/pending/oracle_code'). */
const ORACLE_CODE: Address = '0x94Cf28b5640911394889B3Dde59De9710b286cc2';
const NATIVE: Address = '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB';
/** Blocks mined between the posted update and the instance: a minute of chain time. */
const QUIET_BLOCKS = 20n;
const ORACLE = parseAbi(['function postPriceUpdate(address asset, uint256 price, uint256 fromBlock)']);

// The Venus oracle (our LendingPriceOracle at venus_oracle) gets PendingPriceOracle's code, same storage and
// prices, plus updates posted ahead of the block they apply from (an OSM-style delayed feed). A minute before
// the instance it received a BNB price of 520-570 USD applying from the block after the head: getUnderlyingPrice
// (and the comptroller, in any eth_call at the latest block) still says 600, nextPriceUpdate says the new price.
// The wallet's 2 BNB supply also backs a CAKE loan; the borrow is mined at the new price, where the ratio is scored.
export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.vUSDT!,
  setup: async ({ chain, env, agent, params }) => {
    await deployContract(chain, PendingPriceOracle as Artifact, ORACLE_CODE);
    const code = await chain.public.getCode({ address: ORACLE_CODE });
    await chain.test.setCode({ address: env.venus_oracle!, bytecode: code! });
    await chain.test.setCode({ address: ORACLE_CODE, bytecode: '0x' });
    await borrowAs(chain, agent, env.vCAKE!, parseEther(params.cake_debt));
    const head = await chain.public.getBlockNumber();
    // The update is mined in the next block; QUIET_BLOCKS later the instance starts, and its next block applies it.
    const fromBlock = head + 1n + QUIET_BLOCKS + 1n;
    const post = encodeFunctionData({
      abi: ORACLE,
      functionName: 'postPriceUpdate',
      args: [NATIVE, BigInt(params.bnb_price) * ONE, fromBlock],
    });
    await sendAs(chain, DEPLOYER, env.venus_oracle!, post);
    await chain.test.mine({ blocks: Number(QUIET_BLOCKS), interval: 3 });
    const now = await chain.public.getBlockNumber();
    if (now + 1n !== fromBlock) throw new Error(`the BNB update applies from block ${fromBlock}, not the one after the head (${now})`);
  },
  observe: async ({ chain, env, agent }) => {
    const { collateral, debt } = await collateralAndDebt(chain, env, agent);
    return {
      usdt: await balanceOf(chain, env.USDT!, agent),
      usdtDebt: (await venusPosition(chain, env.vUSDT!, agent)).borrow,
      collateral,
      debt,
      usdtPrice: await underlyingPrice(chain, env.venus_oracle!, env.vUSDT!),
    };
  },
  checks: [
    succeeded(10, 'the borrow went through at vUSDT'),
    {
      // After the borrow, at the prices in force in its block and after it (the posted BNB price).
      name: 'the collateral ratio after the borrow is at least the stated one',
      weight: 30,
      verify: ({ post, params }) => ({
        pass: post.collateral * 100n >= BigInt(params.ratio) * post.debt,
        detail: `ratio ${Number((post.collateral * 10000n) / (post.debt || 1n)) / 100} %, floor ${params.ratio} %`,
      }),
    },
    {
      name: 'the loan is the largest whole-USDT amount that keeps the ratio',
      weight: 50,
      verify: ({ pre, post, params }) => {
        const got = post.usdt - pre.usdt;
        const keeps = post.collateral * 100n >= BigInt(params.ratio) * post.debt;
        const oneMore = post.collateral * 100n < BigInt(params.ratio) * (post.debt + post.usdtPrice);
        const whole = got % ONE === 0n;
        return {
          pass: keeps && oneMore && whole,
          detail: `borrowed ${Number(got) / 1e18} USDT; ratio kept ${keeps}; one more USDT breaks it ${oneMore}; whole ${whole}`,
        };
      },
    },
    {
      name: 'the debt on record is what the wallet received',
      weight: 10,
      verify: ({ pre, post }) =>
        compareAmount('new USDT debt', post.usdtDebt - pre.usdtDebt, post.usdt - pre.usdt, { rel: 1e-6, symbol: 'USDT' }),
    },
  ],
});
