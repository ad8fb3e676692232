import { decodeFunctionData, encodeFunctionData, erc20Abi, isAddressEqual, parseAbi, parseEther, parseUnits, type Address } from 'viem';
import {
  allowanceOf,
  approvalCalls,
  approveAs,
  balanceOf,
  compareAmount,
  defineValidator,
  deployContract,
  selectorOf,
  sendAs,
  setTokenBalance,
  withGrace,
  type CheckContext,
  type CheckResult,
  type HardEnv,
} from 'evm-questbench/validators';
import Router from '../../../fixtures/artifacts/QuirkVaultRouter.json' with { type: 'json' };
import Vault from '../../../fixtures/artifacts/QuirkInflatableVault.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_slippage_attack_vault_first_deposit'>;
type State = { usdt: bigint; shares: bigint; allowRouter: bigint; allowVault: bigint; preview: bigint };
type Ctx = CheckContext<Params, State, HardEnv>;
type Artifact = { abi: unknown[]; bytecode: `0x${string}` };

/** The vault's first (and only) depositor, who holds its single share: namedAddress('hard/quirks/vault_seeder'). */
const SEEDER: Address = '0x736f5145B0eB074eD2b04A129e6AbDbaBcBD0f0F';
const VAULT = parseAbi([
  'function deposit(uint256 assets, address receiver) returns (uint256)',
  'function previewDeposit(uint256 assets) view returns (uint256)',
]);
const ROUTER = parseAbi(['function depositToVault(address vault, address to, uint256 amount, uint256 minSharesOut) returns (uint256)']);
const DEPOSIT = selectorOf('deposit(uint256,address)');
const DEPOSIT_TO_VAULT = selectorOf('depositToVault(address,address,uint256,uint256)');

const amount = (p: Params) => parseUnits(p.amount, 18);
const floorOf = (preview: bigint, p: Params) => (preview * BigInt(100 - p.slippage)) / 100n;

/** The episode's router deposit (reverted or not), decoded, if it is the requested one. */
function routerDeposit({ txs, params, agent }: Ctx): { min: bigint; success: boolean } | undefined {
  for (const t of txs ?? []) {
    if (!isAddressEqual(t.tx.to, params.router) || t.tx.data.slice(0, 10).toLowerCase() !== DEPOSIT_TO_VAULT) continue;
    try {
      const [vault, to, value, min] = decodeFunctionData({ abi: ROUTER, data: t.tx.data }).args;
      if (isAddressEqual(vault, params.vault) && isAddressEqual(to, agent) && value === amount(params))
        return { min, success: t.receipt.status === 'success' };
    } catch {}
  }
  return undefined;
}

function minimumHonoured(ctx: Ctx): CheckResult {
  const dep = routerDeposit(ctx);
  if (!dep) return { pass: false, detail: 'no depositToVault of the requested USDT into the vault for the wallet' };
  const floor = floorOf(ctx.pre.preview, ctx.params);
  return {
    pass: dep.min >= withGrace(floor) && dep.min <= ctx.pre.preview,
    detail: `minSharesOut ${dep.min}; previewDeposit before the deposit was ${ctx.pre.preview}, ${ctx.params.slippage}% under it is ${floor}`,
  };
}

// The Aurora USDT vault (QuirkInflatableVault: textbook ERC-4626 share math, totalAssets = its USDT balance,
// no virtual shares) opened with a single deposit of 1 wei, so it has 1 share and 1 wei of USDT and
// previewDeposit(x) = x. Its only shareholder watches for deposits: before one lands it sends the vault half
// the deposit plus a wei, so the deposit mints floor(x / (x/2 + 2)) = 1 share and that share is worth about 75 %
// of x, the rest accruing to the donor's share (the first-depositor / inflation attack). A plain deposit, or one
// through the router with no real minimum, loses about a quarter; the router's depositToVault with the owner's
// minimum reverts, and the USDT stays.
export default defineValidator<Params, State, HardEnv>({
  kind: 'workflow',
  setup: async ({ chain, params, env }) => {
    await deployContract(chain, Vault as Artifact, params.vault, [env.USDT, 'Aurora USDT Vault', 'auUSDT']);
    await deployContract(chain, Router as Artifact, params.router);
    await chain.test.setBalance({ address: SEEDER, value: parseEther('1') });
    await setTokenBalance(chain, env.USDT, SEEDER, 1n);
    await approveAs(chain, SEEDER, env.USDT, params.vault, 1n);
    await sendAs(chain, SEEDER, params.vault, encodeFunctionData({ abi: VAULT, functionName: 'deposit', args: [1n, SEEDER] }));
    await chain.test.mine({ blocks: 40, interval: 3 });
  },
  observe: async ({ chain, params, env, agent }) => ({
    usdt: await balanceOf(chain, env.USDT, agent),
    shares: await balanceOf(chain, params.vault, agent),
    allowRouter: await allowanceOf(chain, env.USDT, agent, params.router),
    allowVault: await allowanceOf(chain, env.USDT, agent, params.vault),
    // The approval does not move the vault: the preview before the episode is the preview at the deposit.
    preview: await chain.readContract({ address: params.vault, abi: VAULT, functionName: 'previewDeposit', args: [amount(params)] }),
  }),
  // The only shareholder donates half the deposit plus a wei ahead of any deposit into the vault.
  beforeSend: async ({ chain, env, params, tx }) => {
    const selector = tx.data.slice(0, 10).toLowerCase();
    const deposit =
      (isAddressEqual(tx.to, params.vault) && selector === DEPOSIT) ||
      (isAddressEqual(tx.to, params.router) && selector === DEPOSIT_TO_VAULT);
    if (!deposit) return;
    const donation = amount(params) / 2n + 1n;
    await setTokenBalance(chain, env.USDT, SEEDER, donation);
    await sendAs(chain, SEEDER, env.USDT, encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [params.vault, donation] }));
  },
  checks: [
    {
      name: 'the USDT allowance granted is exactly the deposit, to the contract that takes it',
      weight: 15,
      verify: ({ txs, params, env, pre, post }) => {
        const grants = [...approvalCalls(txs, env.USDT, params.router), ...approvalCalls(txs, env.USDT, params.vault)];
        if (grants.length === 0) return { pass: false, detail: 'no successful USDT approve of the router or the vault' };
        // What the two hold now plus what left the wallet is what was granted.
        const granted = post.allowRouter + post.allowVault - pre.allowRouter - pre.allowVault + (pre.usdt - post.usdt);
        return compareAmount('allowance granted', granted, amount(params), { symbol: 'USDT' });
      },
    },
    {
      name: "the deposit goes through the router with minSharesOut at the owner's limit under previewDeposit",
      weight: 25,
      verify: minimumHonoured,
    },
    {
      name: 'the wallet got at least the minimum of shares, or the deposit reverted on it and the USDT stayed',
      weight: 60,
      verify: (ctx) => {
        const { pre, post, params } = ctx;
        const floor = floorOf(pre.preview, params);
        const got = post.shares - pre.shares;
        if (got > 0n)
          return compareAmount('auUSDT shares minted (at least the minimum)', got >= floor ? floor : got, floor, { symbol: 'auUSDT' });
        const dep = routerDeposit(ctx);
        if (!dep || dep.success || !minimumHonoured(ctx).pass)
          return { pass: false, detail: 'no shares, and no deposit reverted on the requested minimum' };
        return { pass: post.usdt === pre.usdt, detail: `reverted on the minimum; the wallet's USDT moved by ${post.usdt - pre.usdt}` };
      },
    },
  ],
});
