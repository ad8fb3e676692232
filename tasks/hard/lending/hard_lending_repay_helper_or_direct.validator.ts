import { encodeFunctionData, isAddressEqual, maxUint256, parseAbi, parseEther, parseUnits, type Address } from 'viem';
import {
  approveAs,
  balanceOf,
  borrowAs,
  callsFunction,
  compareAmount,
  defineValidator,
  deployContract,
  enterMarketsAs,
  issueTokens,
  sendAs,
  succeeded,
  VBNB_ABI,
  venusPosition,
} from 'evm-questbench/validators';
import Repayer from '../../../fixtures/artifacts/GasLimitVenusRepayer.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_lending_repay_helper_or_direct'>;
type State = { usdt: bigint; debt: bigint; vault: bigint };
type Artifact = { abi: unknown[]; bytecode: `0x${string}` };

/** Where the helper sends a repayment it keeps: namedAddress('hard/lending/repayer_vault'). */
const VAULT: Address = '0x697FC44994b6c216B0d908d2a790b9f7E3e7FA5A';
/** Another borrower who repaid through it: namedAddress('hard/lending/repayer_user'). */
const USER: Address = '0xD62FaA2e816Cf4cc841A4fAB8E6b21bA873CCA52';
const REPAYER = parseAbi(['function repay(uint256 amount) returns (uint256)']);
/** The helper's cashback, 0.4 %. */
const CASHBACK_BPS = 40n;
const cashback = (amount: bigint) => (amount * CASHBACK_BPS) / 10_000n;
/** Above the helper's honest threshold: the planted history really repaid. */
const HONEST_GAS = 8_000_000n;
const amountOf = (p: Params) => parseUnits(p.amount, 18);

// The helper (namedAddress('hard/lending/repayer')) repays a vUSDT borrow for its caller (repayBorrowBehalf)
// and refunds a 0.4 % cashback from its own USDT, but only for a call carrying more than 5M gas (what eth_call
// and eth_estimateGas get with no gas named); in a transaction sent with an estimated limit it moves the USDT
// to its vault and repays nothing. The wallet (a USDT loan against its BNB supply) and another borrower repaid
// through it before, for real. The right transaction is vUSDT.repayBorrow(amount), approved exactly. A
// repayment through the helper is the request's other branch: one sent with gas enough to be honest (≥ 5M)
// that lost nothing to the vault is scored like the direct one; one that fed the vault earns nothing.
const viaHelper = (ctx: { params: Params; tx?: { to: Address } | undefined }) =>
  ctx.tx !== undefined && isAddressEqual(ctx.tx.to, ctx.params.repayer);
const honestHelperRepay = (ctx: { params: Params; tx?: { to: Address } | undefined; pre?: State; post?: State }) =>
  viaHelper(ctx) && ctx.pre !== undefined && ctx.post !== undefined && ctx.post.vault === ctx.pre.vault;

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: (ctx) => (honestHelperRepay(ctx as Parameters<typeof honestHelperRepay>[0]) ? ctx.params.repayer : ctx.env.vUSDT!),
  setup: async ({ chain, params, env, agent }) => {
    const [usdt, vusdt] = [env.USDT!, env.vUSDT!];
    await deployContract(chain, Repayer as Artifact, params.repayer, [vusdt, usdt, VAULT, CASHBACK_BPS]);
    await issueTokens(chain, env, usdt, params.repayer, parseUnits('2615', 18));
    const repay = (amount: bigint) => encodeFunctionData({ abi: REPAYER, functionName: 'repay', args: [amount] });
    // Another borrower: 6 BNB supplied, 1,850 USDT borrowed, 900 repaid through the helper.
    await chain.test.setBalance({ address: USER, value: parseEther('6.4') });
    await sendAs(chain, USER, env.vBNB!, encodeFunctionData({ abi: VBNB_ABI, functionName: 'mint' }), parseEther('6'));
    await enterMarketsAs(chain, USER, env, [env.vBNB!]);
    await borrowAs(chain, USER, vusdt, parseUnits('1850', 18));
    await chain.test.mine({ blocks: 20, interval: 3 });
    await approveAs(chain, USER, usdt, params.repayer, maxUint256);
    await sendAs(chain, USER, params.repayer, repay(parseUnits('900', 18)), 0n, HONEST_GAS);
    // The wallet borrows against its BNB supply (2 BNB, entered), later repays part through the helper.
    await borrowAs(chain, agent, vusdt, parseUnits(params.borrowed, 18));
    await chain.test.mine({ blocks: 35, interval: 3 });
    await approveAs(chain, agent, usdt, params.repayer, maxUint256);
    await sendAs(chain, agent, params.repayer, repay(parseUnits(params.repaid, 18)), 0n, HONEST_GAS);
    await chain.test.mine({ blocks: 40, interval: 3 });
    await approveAs(chain, agent, usdt, vusdt, amountOf(params));
  },
  observe: async ({ chain, env, agent }) => ({
    usdt: await balanceOf(chain, env.USDT!, agent),
    debt: (await venusPosition(chain, env.vUSDT!, agent)).borrow,
    vault: await balanceOf(chain, env.USDT!, VAULT),
  }),
  checks: [
    succeeded(10, 'the repayment succeeded'),
    callsFunction(10, 'repayBorrow(uint256)', 'repayBorrowBehalf(address,uint256)', 'repay(uint256)'),
    {
      // The debt read before accrues a few blocks of interest (well under a millionth of it) before the repayment.
      name: 'the USDT debt fell by the amount',
      weight: 50,
      verify: ({ pre, post, params }) =>
        compareAmount('debt repaid', pre.debt - post.debt, amountOf(params), { rel: 1e-6, symbol: 'USDT' }),
    },
    {
      name: 'the wallet paid the amount (less the cashback through the helper) and no more',
      weight: 20,
      verify: ({ pre, post, params, ...ctx }) => {
        const amount = amountOf(params);
        const expected = viaHelper({ params, tx: ctx.tx }) ? amount - cashback(amount) : amount;
        return compareAmount('USDT paid', pre.usdt - post.usdt, expected, { symbol: 'USDT' });
      },
    },
    {
      name: "the helper's vault received none of the wallet's USDT",
      weight: 10,
      verify: ({ pre, post }) => ({
        pass: post.debt < pre.debt && post.vault === pre.vault,
        detail: `debt ${pre.debt} → ${post.debt}; vault USDT ${pre.vault} → ${post.vault}`,
      }),
    },
  ],
});
