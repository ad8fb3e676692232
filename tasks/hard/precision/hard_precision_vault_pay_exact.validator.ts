import { encodeFunctionData, parseAbi, parseEther, type Address } from 'viem';
import {
  approveAs,
  balanceOf,
  compareAmount,
  defineValidator,
  deployContract,
  sendAs,
  setTokenBalance,
  succeeded,
  type HardEnv,
} from 'evm-questbench/validators';
import Vault from '../../../fixtures/artifacts/ViewExitFeeVault.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_precision_vault_pay_exact'>;
type State = { payee: bigint; usdt: bigint; shares: bigint; needed: bigint };
type Artifact = { abi: unknown[]; bytecode: `0x${string}` };

/** The vault's treasury (namedAddress('hard/view/pay_vault_treasury')) and its other depositor ('hard/view/pay_vault_whale'). */
const TREASURY: Address = '0xC771592B661d7376F4e4C547C22AAf20C9c0ceBB';
const WHALE: Address = '0xd32E94f69b6A4c0E1178C4166Ec4A0E961EaFfE9';
const VAULT = parseAbi([
  'function deposit(uint256 assets, address receiver) returns (uint256)',
  'function previewWithdraw(uint256 assets) view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
  'function redeem(uint256 shares, address receiver, address owner) returns (uint256)',
]);
/** What the wallet keeps in USDT: less than any payment, so the payment has to come from the vault. */
const WALLET_USDT = parseEther('61.4');

/** The gross withdrawal whose exit fee (rounded up, as the vault rounds it) leaves exactly `net`. */
const grossFor = (net: bigint, bps: bigint): bigint => {
  let g = (net * 10_000n + 10_000n - bps - 1n) / (10_000n - bps);
  while (g - (g * bps + 9_999n) / 10_000n < net) g += 1n;
  return g;
};

// Harbor USDT vault (ViewExitFeeVault at params.vault) charges an exit fee of feeBps on every withdrawal
// and its previews are OpenZeppelin's, without it: shares sized with previewWithdraw (or withdraw(amount))
// pay the payee the amount less the fee. redeem returns what it paid, so an eth_call of the redeem the
// wallet sends shows the fee; the shares needed are previewWithdraw of the amount grossed up by it.
export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ params }) => params.vault,
  setup: async ({ chain, env, agent, params }) => {
    const usdt = env.USDT;
    await deployContract(chain, Vault as Artifact, params.vault, [usdt, 'Harbor USDT Vault', 'hvUSDT', BigInt(params.feeBps), TREASURY]);
    const deposit = async (who: Address, amount: bigint) => {
      await setTokenBalance(chain, usdt, who, amount);
      await approveAs(chain, who, usdt, params.vault, amount);
      await sendAs(chain, who, params.vault, encodeFunctionData({ abi: VAULT, functionName: 'deposit', args: [amount, who] }));
    };
    await chain.test.setBalance({ address: WHALE, value: parseEther('1') });
    await deposit(WHALE, parseEther('184630.55'));
    await deposit(agent, parseEther(params.deposited));
    // Yield earned since: the share price rises above 1 USDT.
    const vaultUsdt = await balanceOf(chain.public, usdt, params.vault);
    await setTokenBalance(chain, usdt, params.vault, vaultUsdt + (vaultUsdt * 437n) / 10_000n);
    await setTokenBalance(chain, usdt, agent, WALLET_USDT);
    await chain.test.mine({ blocks: 20, interval: 3 });
  },
  observe: async ({ chain, env, agent, params }) => ({
    payee: await balanceOf(chain, env.USDT, params.payee),
    usdt: await balanceOf(chain, env.USDT, agent),
    shares: await chain.readContract({ address: params.vault, abi: VAULT, functionName: 'balanceOf', args: [agent] }),
    needed: await chain.readContract({
      address: params.vault,
      abi: VAULT,
      functionName: 'previewWithdraw',
      args: [grossFor(parseEther(params.amount), BigInt(params.feeBps))],
    }),
  }),
  checks: [
    succeeded(15, 'the transaction went through at the vault'),
    {
      name: 'the payee received exactly the amount',
      weight: 55,
      verify: ({ pre, post, params }) =>
        compareAmount('USDT received by the payee', post.payee - pre.payee, parseEther(params.amount), { abs: 10n ** 13n, symbol: 'USDT' }),
    },
    {
      name: "paid from the vault shares: the wallet's own USDT untouched",
      weight: 15,
      verify: ({ pre, post }) => ({
        pass: post.usdt === pre.usdt && post.shares < pre.shares,
        detail: `wallet USDT ${pre.usdt} → ${post.usdt}, shares ${pre.shares} → ${post.shares}`,
      }),
    },
    {
      name: 'no more shares burned than the payment needs (0.05 % leeway)',
      weight: 15,
      verify: ({ pre, post }) => {
        const burned = pre.shares - post.shares;
        return { pass: burned <= pre.needed + pre.needed / 2000n, detail: `burned ${burned} shares; the payment needs ${pre.needed}` };
      },
    },
  ],
});
