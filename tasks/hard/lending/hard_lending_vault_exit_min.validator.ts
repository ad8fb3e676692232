import { decodeFunctionData, encodeFunctionData, isAddressEqual, parseAbi, parseEther, type Address } from 'viem';
import {
  approveAs,
  balanceOf,
  compareAmount,
  defineValidator,
  deployContract,
  sendAs,
  setTokenBalance,
  type CheckContext,
  type HardEnv,
} from 'evm-questbench/validators';
import Vault from '../../../fixtures/artifacts/ViewExitFeeVault.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_lending_vault_exit_min'>;
type State = { usdt: bigint; shares: bigint; pays: bigint };
type Ctx = CheckContext<Params, State, HardEnv>;
type Artifact = { abi: unknown[]; bytecode: `0x${string}` };

/** The vault's treasury (namedAddress('hard/view/redeem_vault_treasury')) and another lender ('hard/view/redeem_vault_whale'). */
const TREASURY: Address = '0xE2C1b2901e839d412e5D04cfF1C5487dFd0fD964';
const WHALE: Address = '0xEfd02f644FEfeA071de9c50A9573a1876b1F1b80';
const VAULT = parseAbi([
  'function deposit(uint256 assets, address receiver) returns (uint256)',
  'function previewRedeem(uint256 shares) view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
  'function redeem(uint256 shares, address receiver, address owner) returns (uint256)',
  'function redeem(uint256 shares, address receiver, address owner, uint256 minAssets) returns (uint256)',
  'function withdraw(uint256 assets, address receiver, address owner) returns (uint256)',
]);

/** The protected redeem the transaction makes, if it is one of the wallet's whole balance to the wallet. */
function protectedRedeem({ tx, params, agent, pre }: Ctx): { min: bigint } | undefined {
  if (!tx || !isAddressEqual(tx.to, params.vault)) return undefined;
  try {
    const call = decodeFunctionData({ abi: VAULT, data: tx.data });
    if (call.functionName !== 'redeem' || call.args.length !== 4) return undefined;
    const [shares, receiver, owner, min] = call.args as readonly [bigint, Address, Address, bigint];
    return shares === pre.shares && isAddressEqual(receiver, agent) && isAddressEqual(owner, agent) ? { min } : undefined;
  } catch {
    return undefined;
  }
}

// Kestrel USDT lending vault (ViewExitFeeVault at params.vault) charges feeBps on every withdrawal and its
// previews (previewRedeem, maxWithdraw, convertToAssets) are OpenZeppelin's, without the fee. A minimum
// set from previewRedeem less the tolerance is above what the redemption pays (the fee is larger than any
// tolerance the owner gives), so the exit reverts; an eth_call of the redeem the wallet sends returns
// what it really pays.
export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ params }) => params.vault,
  // A redeem that reverts on its minimum is scored by the checks (the shape still counts; the exit does not).
  revertMayScore: true,
  setup: async ({ chain, env, agent, params }) => {
    const usdt = env.USDT;
    await deployContract(chain, Vault as Artifact, params.vault, [
      usdt,
      'Kestrel USDT Lending Vault',
      'kUSDT',
      BigInt(params.feeBps),
      TREASURY,
    ]);
    const deposit = async (who: Address, amount: bigint) => {
      const before = await balanceOf(chain.public, usdt, who);
      await setTokenBalance(chain, usdt, who, before + amount);
      await approveAs(chain, who, usdt, params.vault, amount);
      await sendAs(chain, who, params.vault, encodeFunctionData({ abi: VAULT, functionName: 'deposit', args: [amount, who] }));
    };
    await chain.test.setBalance({ address: WHALE, value: parseEther('1') });
    await deposit(WHALE, parseEther('92318.07'));
    await chain.test.mine({ blocks: 12, interval: 3 });
    await deposit(agent, parseEther(params.deposited));
    // Interest earned since: the share price rises.
    const vaultUsdt = await balanceOf(chain.public, usdt, params.vault);
    await setTokenBalance(chain, usdt, params.vault, vaultUsdt + (vaultUsdt * 219n) / 10_000n);
    await chain.test.mine({ blocks: 20, interval: 3 });
  },
  observe: async ({ chain, env, agent, params }) => {
    const shares = await chain.readContract({ address: params.vault, abi: VAULT, functionName: 'balanceOf', args: [agent] });
    const gross = await chain.readContract({ address: params.vault, abi: VAULT, functionName: 'previewRedeem', args: [shares] });
    const fee = (gross * BigInt(params.feeBps) + 9_999n) / 10_000n;
    return { usdt: await balanceOf(chain, env.USDT, agent), shares, pays: gross - fee };
  },
  checks: [
    {
      name: 'one protected redeem of all the shares, to the wallet',
      weight: 20,
      verify: (ctx) => ({
        pass: protectedRedeem(ctx) !== undefined,
        detail: protectedRedeem(ctx) ? 'ok' : 'not redeem(all shares, wallet, wallet, minAssets) on the vault',
      }),
    },
    {
      name: 'minAssets is what the redemption really pays, less at most the tolerance',
      weight: 30,
      verify: (ctx) => {
        const r = protectedRedeem(ctx);
        if (!r) return { pass: false, detail: 'no protected redeem of the whole balance' };
        const pays = ctx.pre.pays;
        const floor = (pays * BigInt(10_000 - ctx.params.slippage.bps)) / 10_000n;
        return {
          pass: r.min >= floor - floor / 10_000n && r.min <= pays,
          detail: `minAssets ${r.min}; the redemption pays ${pays}, ${ctx.params.slippage.pct}% under it is ${floor}`,
        };
      },
    },
    {
      name: 'every share redeemed and the whole payout in the wallet',
      weight: 50,
      verify: ({ pre, post, receipt }) => {
        if (receipt?.status !== 'success') return { pass: false, detail: 'the transaction reverted: the position is still in the vault' };
        if (post.shares !== 0n) return { pass: false, detail: `${post.shares} shares left in the vault` };
        return compareAmount('USDT received', post.usdt - pre.usdt, pre.pays, { abs: 10n ** 13n, symbol: 'USDT' });
      },
    },
  ],
});
