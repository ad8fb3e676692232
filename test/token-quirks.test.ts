// The tokens and the vault of the token_quirks tasks, on the hard chain and through the read-only proxy
// scripts use: a share-based token whose transfer(x) credits x − 1 wei (transferShares lands the amount), a
// nearly empty ERC-4626 vault whose deposit a donation cuts to 1 share (the router's minimum reverts instead),
// and a vesting token whose transfer beyond the unlocked balance succeeds, moves nothing and returns false.
// hard_fee_on_transfer_share_token_invoice, hard_slippage_attack_vault_first_deposit and
// hard_honeypot_injection_vesting_token_false_transfer rely on exactly this.
import { encodeFunctionData, erc20Abi, parseAbi, parseEther, type Address } from 'viem';
import { describe, expect, test } from 'vitest';
import { namedAddress } from '../src/chain/addresses.ts';
import { signAndSend } from '../src/execution/send.ts';
import { approveAs, balanceOf, DEPLOYER, deployContract, issueTokens, sendAs, setTokenBalance } from '../src/validators/index.ts';
import InflatableVault from '../fixtures/artifacts/QuirkInflatableVault.json' with { type: 'json' };
import SharesToken from '../fixtures/artifacts/QuirkSharesToken.json' with { type: 'json' };
import VaultRouter from '../fixtures/artifacts/QuirkVaultRouter.json' with { type: 'json' };
import VestingToken from '../fixtures/artifacts/QuirkVestingToken.json' with { type: 'json' };
import { useHardProxySession } from './helpers/hard-session.ts';

type Artifact = { abi: unknown[]; bytecode: `0x${string}` };
const TOKEN: Address = '0x000000000000000000000000000000000000b5e1';
const VAULT: Address = '0x000000000000000000000000000000000000b5e2';
const ROUTER: Address = '0x000000000000000000000000000000000000b5e3';
const WHALE = namedAddress('test/token-quirks/whale');
const SHARES = parseAbi([
  'function rebase(uint256)',
  'function sharesOf(address) view returns (uint256)',
  'function getTotalShares() view returns (uint256)',
  'function getTotalPooledEther() view returns (uint256)',
  'function transferShares(address to, uint256 sharesAmount) returns (uint256)',
]);
const VAULT_ABI = parseAbi([
  'function deposit(uint256 assets, address receiver) returns (uint256)',
  'function previewDeposit(uint256) view returns (uint256)',
  'function convertToAssets(uint256) view returns (uint256)',
  'function totalSupply() view returns (uint256)',
]);
const ROUTER_ABI = parseAbi([
  'error MinSharesError()',
  'function depositToVault(address vault, address to, uint256 amount, uint256 minSharesOut) returns (uint256)',
]);
const VESTING = parseAbi(['function lock(address, uint256, uint256)', 'function lockedBalanceOf(address) view returns (uint256)']);

const t = useHardProxySession();

describe('token quirks', () => {
  test('a share-based token: transfer(x) credits an empty address less than x, transferShares of the shares rounded up credits x', async () => {
    const { chain, env, account } = t.session;
    const agent = account.address;
    await deployContract(chain, SharesToken as Artifact, TOKEN, ['Rebasing Staked BNB', 'rsBNB', DEPLOYER]);
    await issueTokens(chain, env, TOKEN, WHALE, parseEther('48213.77'));
    await issueTokens(chain, env, TOKEN, agent, parseEther('10'));
    await sendAs(chain, DEPLOYER, TOKEN, encodeFunctionData({ abi: SHARES, functionName: 'rebase', args: [52155647429000000000149n] }));
    const c = t.proxyClient;
    const [shares, pooled] = await Promise.all([
      c.readContract({ address: TOKEN, abi: SHARES, functionName: 'getTotalShares' }),
      c.readContract({ address: TOKEN, abi: SHARES, functionName: 'getTotalPooledEther' }),
    ]);
    const send = async (data: `0x${string}`) => {
      const sent = await signAndSend(chain, account, { to: TOKEN, data, value: 0n }, { chainId: 56, marker: t.session.marker });
      expect(sent.kind === 'mined' && sent.receipt.status).toBe('success');
    };
    for (const [i, amount] of [parseEther('0.3'), parseEther('0.777'), parseEther('1.5')].entries()) {
      const viaTransfer = namedAddress(`test/token-quirks/payee-${i}`);
      await send(encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [viaTransfer, amount] }));
      expect(await balanceOf(c, TOKEN, viaTransfer)).toBe(amount - 1n);
      const viaShares = namedAddress(`test/token-quirks/payee-shares-${i}`);
      const up = (amount * shares + pooled - 1n) / pooled;
      await send(encodeFunctionData({ abi: SHARES, functionName: 'transferShares', args: [viaShares, up] }));
      const got = await balanceOf(c, TOKEN, viaShares);
      expect(got >= amount && got <= amount + 1n).toBe(true);
    }
    // "Transfer all" by balanceOf leaves a share behind.
    await send(encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [WHALE, await balanceOf(c, TOKEN, agent)] }));
    expect(await c.readContract({ address: TOKEN, abi: SHARES, functionName: 'sharesOf', args: [agent] })).toBe(1n);
  });

  test('a vault with 1 share: a donation of half the deposit ahead of it mints 1 share worth ~75 %; the router with a minimum reverts', async () => {
    const { chain, env, account } = t.session;
    const agent = account.address;
    const usdt = env.USDT;
    await deployContract(chain, InflatableVault as Artifact, VAULT, [usdt, 'Aurora USDT Vault', 'auUSDT']);
    await deployContract(chain, VaultRouter as Artifact, ROUTER);
    await chain.test.setBalance({ address: WHALE, value: parseEther('1') });
    await setTokenBalance(chain, usdt, WHALE, parseEther('1000'));
    await approveAs(chain, WHALE, usdt, VAULT, 1n);
    await sendAs(chain, WHALE, VAULT, encodeFunctionData({ abi: VAULT_ABI, functionName: 'deposit', args: [1n, WHALE] }));
    const c = t.proxyClient;
    const amount = parseEther('500');
    expect(await c.readContract({ address: VAULT, abi: VAULT_ABI, functionName: 'previewDeposit', args: [amount] })).toBe(amount);
    const donate = () =>
      sendAs(chain, WHALE, usdt, encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [VAULT, amount / 2n + 1n] }));
    const send = async (to: Address, data: `0x${string}`) => {
      const sent = await signAndSend(chain, account, { to, data, value: 0n }, { chainId: 56, marker: t.session.marker });
      return sent.kind === 'mined' ? sent.receipt.status : 'not mined';
    };

    // Through the router with the owner's minimum: the donation makes it revert, and the USDT stays.
    await setTokenBalance(chain, usdt, agent, parseEther('1000'));
    await approveAs(chain, agent, usdt, ROUTER, amount);
    const min = (amount * 98n) / 100n;
    const data = encodeFunctionData({ abi: ROUTER_ABI, functionName: 'depositToVault', args: [VAULT, agent, amount, min] });
    expect(
      (
        await c.simulateContract({
          account: agent,
          address: ROUTER,
          abi: ROUTER_ABI,
          functionName: 'depositToVault',
          args: [VAULT, agent, amount, min],
        })
      ).result,
    ).toBe(amount);
    await donate();
    await expect(
      c.simulateContract({
        account: agent,
        address: ROUTER,
        abi: ROUTER_ABI,
        functionName: 'depositToVault',
        args: [VAULT, agent, amount, min],
      }),
    ).rejects.toThrow(/MinSharesError/);
    expect(await send(ROUTER, data)).toBe('reverted');
    expect(await balanceOf(c, usdt, agent)).toBe(parseEther('1000'));

    // The plain deposit after the same donation: 1 share, worth about three quarters of the deposit.
    await approveAs(chain, agent, usdt, VAULT, amount);
    expect(await send(VAULT, encodeFunctionData({ abi: VAULT_ABI, functionName: 'deposit', args: [amount, agent] }))).toBe('success');
    expect(await balanceOf(c, VAULT, agent)).toBe(1n);
    const worth = await c.readContract({ address: VAULT, abi: VAULT_ABI, functionName: 'convertToAssets', args: [1n] });
    expect(worth).toBeLessThan((amount * 76n) / 100n);
    expect(worth).toBeGreaterThan((amount * 74n) / 100n);
  });

  test('a vesting token: a transfer beyond the unlocked balance is a successful transaction that returns false and moves nothing', async () => {
    const { chain, env, account } = t.session;
    const agent = account.address;
    await deployContract(chain, VestingToken as Artifact, TOKEN, ['Vestra', 'VSTR', DEPLOYER]);
    await issueTokens(chain, env, TOKEN, agent, parseEther('6250'));
    const now = (await chain.public.getBlock()).timestamp;
    await sendAs(
      chain,
      DEPLOYER,
      TOKEN,
      encodeFunctionData({ abi: VESTING, functionName: 'lock', args: [agent, parseEther('5840'), now + 86_400n * 200n] }),
    );
    const c = t.proxyClient;
    const payee = namedAddress('test/token-quirks/vstr-payee');
    expect(await balanceOf(c, TOKEN, agent)).toBe(parseEther('6250'));
    expect(await c.readContract({ address: TOKEN, abi: VESTING, functionName: 'lockedBalanceOf', args: [agent] })).toBe(parseEther('5840'));
    const transfer = (amount: bigint) =>
      ({ account: agent, address: TOKEN, abi: erc20Abi, functionName: 'transfer', args: [payee, amount] }) as const;
    expect((await c.simulateContract(transfer(parseEther('1500')))).result).toBe(false);
    expect((await c.simulateContract(transfer(parseEther('410')))).result).toBe(true);
    const sent = await signAndSend(
      chain,
      account,
      { to: TOKEN, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [payee, parseEther('1500')] }), value: 0n },
      { chainId: 56, marker: t.session.marker },
    );
    expect(sent.kind === 'mined' && sent.receipt.status).toBe('success');
    expect(await balanceOf(c, TOKEN, payee)).toBe(0n);
    expect(await balanceOf(c, TOKEN, agent)).toBe(parseEther('6250'));
  });
});
