// The contracts of the view_vs_execution tasks, on the hard chain and through the read-only proxy scripts
// use: the view or preview an agent reads first disagrees with what executing the call pays, and a plain
// eth_call of the real call (from the wallet, no fees needed) tells the truth, which the mined
// transaction then pays. hard_precision_vault_pay_exact, hard_lending_vault_exit_min,
// hard_units_pool_buy_wbtc_quote_fee and hard_slippage_attack_pool_quote_fee_floor rely on exactly this.
import { encodeFunctionData, erc20Abi, parseAbi, parseEther, parseUnits, type Address } from 'viem';
import { asHardEnv } from '../src/tasks/address-map.ts';
import { describe, expect, test } from 'vitest';
import { signAndSend } from '../src/execution/send.ts';
import { approveAs, balanceOf, deployContract, DEPLOYER, sendAs, setTokenBalance } from '../src/validators/index.ts';
import Vault from '../fixtures/artifacts/ViewExitFeeVault.json' with { type: 'json' };
import Pool from '../fixtures/artifacts/ViewFeePool.json' with { type: 'json' };
import { useHardProxySession } from './helpers/hard-session.ts';

type Artifact = { abi: unknown[]; bytecode: `0x${string}` };
const VAULT_AT: Address = '0x000000000000000000000000000000000000d4f1';
const POOL_AT: Address = '0x000000000000000000000000000000000000d4f2';
const TREASURY: Address = '0x000000000000000000000000000000000000d4f3';
const OTHER: Address = '0x000000000000000000000000000000000000d4f4';
const VAULT = parseAbi([
  'function deposit(uint256 assets, address receiver) returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
  'function previewRedeem(uint256 shares) view returns (uint256)',
  'function previewWithdraw(uint256 assets) view returns (uint256)',
  'function maxWithdraw(address owner) view returns (uint256)',
  'function redeem(uint256 shares, address receiver, address owner) returns (uint256)',
  'function redeem(uint256 shares, address receiver, address owner, uint256 minAssets) returns (uint256)',
  'function withdraw(uint256 assets, address receiver, address owner) returns (uint256)',
]);
const POOL = parseAbi([
  'function sync()',
  'function setSwapFee(uint256)',
  'function getAmountOut(address tokenIn, uint256 amountIn) view returns (uint256)',
  'function getAmountIn(address tokenOut, uint256 amountOut) view returns (uint256)',
  'function swap(address tokenIn, uint256 amountIn, uint256 minOut, address to) returns (uint256)',
]);

const t = useHardProxySession();

describe('ViewExitFeeVault', () => {
  test('previews and maxWithdraw leave out the 0.6 % exit fee; an eth_call of redeem returns the net payout, which the mined redeem pays', async () => {
    const { chain, account } = t.session;
    const env = asHardEnv(t.session.env);
    const agent = account.address;
    const client = t.proxyClient;
    const usdt = env.USDT;
    await deployContract(chain, Vault as Artifact, VAULT_AT, [usdt, 'Test Vault', 'tv', 60n, TREASURY]);
    const deposited = parseEther('1500');
    await setTokenBalance(chain, usdt, agent, deposited);
    await approveAs(chain, agent, usdt, VAULT_AT, deposited);
    await sendAs(chain, agent, VAULT_AT, encodeFunctionData({ abi: VAULT, functionName: 'deposit', args: [deposited, agent] }));
    const shares = await client.readContract({ address: VAULT_AT, abi: VAULT, functionName: 'balanceOf', args: [agent] });
    const gross = await client.readContract({ address: VAULT_AT, abi: VAULT, functionName: 'previewRedeem', args: [shares] });
    expect(gross).toBe(deposited);
    expect(await client.readContract({ address: VAULT_AT, abi: VAULT, functionName: 'maxWithdraw', args: [agent] })).toBe(gross);
    const net = gross - (gross * 60n + 9_999n) / 10_000n;
    const redeem4 = (s: bigint, min: bigint) =>
      ({ account: agent, address: VAULT_AT, abi: VAULT, functionName: 'redeem', args: [s, agent, agent, min] }) as const;
    expect((await client.simulateContract(redeem4(shares, 0n))).result).toBe(net);
    // A minimum from the preview, even 0.3 % under it, is above the payout: the protected redeem reverts.
    await expect(client.simulateContract(redeem4(shares, (gross * 997n) / 1000n))).rejects.toThrow(/below minAssets/);

    // The shares previewWithdraw gives for an amount pay the receiver that amount less the fee; so does withdraw.
    const amount = parseEther('500');
    const previewed = await client.readContract({ address: VAULT_AT, abi: VAULT, functionName: 'previewWithdraw', args: [amount] });
    const paid = (
      await client.simulateContract({
        account: agent,
        address: VAULT_AT,
        abi: VAULT,
        functionName: 'redeem',
        args: [previewed, OTHER, agent],
      })
    ).result;
    expect(paid).toBe(amount - (amount * 60n + 9_999n) / 10_000n);
    await sendAs(chain, agent, VAULT_AT, encodeFunctionData({ abi: VAULT, functionName: 'withdraw', args: [amount, OTHER, agent] }));
    expect(await balanceOf(chain.public, usdt, OTHER)).toBe(paid);

    // The mined protected redeem of the rest pays what its eth_call returned, to the wei.
    const left = await client.readContract({ address: VAULT_AT, abi: VAULT, functionName: 'balanceOf', args: [agent] });
    const simulated = (await client.simulateContract(redeem4(left, 0n))).result;
    const before = await balanceOf(chain.public, usdt, agent);
    const sent = await signAndSend(
      chain,
      account,
      { to: VAULT_AT, data: encodeFunctionData({ abi: VAULT, functionName: 'redeem', args: [left, agent, agent, simulated] }), value: 0n },
      { chainId: 56, marker: t.session.marker },
    );
    expect(sent.kind === 'mined' && sent.receipt.status).toBe('success');
    expect((await balanceOf(chain.public, usdt, agent)) - before).toBe(simulated);
  });
});

describe('ViewFeePool', () => {
  test('after the fee is raised to 1.2 %, getAmountOut and getAmountIn still price 0.25 %; an eth_call of swap returns what the mined swap pays', async () => {
    const { chain, account } = t.session;
    const env = asHardEnv(t.session.env);
    const agent = account.address;
    const client = t.proxyClient;
    const [wbtc, usdt] = [env.WBTC, env.USDT];
    await deployContract(chain, Pool as Artifact, POOL_AT, [wbtc, usdt, 25n, DEPLOYER]);
    await setTokenBalance(chain, wbtc, POOL_AT, parseUnits('3', 8));
    await setTokenBalance(chain, usdt, POOL_AT, parseEther('285000'));
    await sendAs(chain, DEPLOYER, POOL_AT, encodeFunctionData({ abi: POOL, functionName: 'sync' }));
    const amountIn = parseEther('600');
    const quotedBefore = await client.readContract({ address: POOL_AT, abi: POOL, functionName: 'getAmountOut', args: [usdt, amountIn] });
    await sendAs(chain, DEPLOYER, POOL_AT, encodeFunctionData({ abi: POOL, functionName: 'setSwapFee', args: [120n] }));
    const quoted = await client.readContract({ address: POOL_AT, abi: POOL, functionName: 'getAmountOut', args: [usdt, amountIn] });
    expect(quoted).toBe(quotedBefore);
    await setTokenBalance(chain, usdt, agent, parseEther('2000'));
    await approveAs(chain, agent, usdt, POOL_AT, parseEther('2000'));
    const swap = (x: bigint, min: bigint) =>
      ({ account: agent, address: POOL_AT, abi: POOL, functionName: 'swap', args: [usdt, x, min, agent] }) as const;
    const pays = (await client.simulateContract(swap(amountIn, 0n))).result;
    // About 0.95 % less than the quote: (1 - 1.2 %) / (1 - 0.25 %).
    expect(Number(quoted - pays) / Number(quoted)).toBeGreaterThan(0.009);
    expect(Number(quoted - pays) / Number(quoted)).toBeLessThan(0.01);
    await expect(client.simulateContract(swap(amountIn, (quoted * 995n) / 1000n))).rejects.toThrow(/INSUFFICIENT_OUTPUT/);

    // getAmountIn's input for an amount buys less than the amount.
    const want = parseUnits('0.005', 8);
    const needIn = await client.readContract({ address: POOL_AT, abi: POOL, functionName: 'getAmountIn', args: [wbtc, want] });
    expect((await client.simulateContract(swap(needIn, 0n))).result).toBeLessThan(want);

    // The mined swap pays exactly what its eth_call returned.
    const before = await chain.public.readContract({ address: wbtc, abi: erc20Abi, functionName: 'balanceOf', args: [agent] });
    const sent = await signAndSend(
      chain,
      account,
      { to: POOL_AT, data: encodeFunctionData({ abi: POOL, functionName: 'swap', args: [usdt, amountIn, pays, agent] }), value: 0n },
      { chainId: 56, marker: t.session.marker },
    );
    expect(sent.kind === 'mined' && sent.receipt.status).toBe('success');
    const got = (await chain.public.readContract({ address: wbtc, abi: erc20Abi, functionName: 'balanceOf', args: [agent] })) - before;
    expect(got).toBe(pays);
  });
});
