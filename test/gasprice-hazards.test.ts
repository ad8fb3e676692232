// The tokens that act only in transactions that pay for gas, on the hard chain: what an eth_call or
// eth_estimateGas with no fee sees, what one with the platform's fees sees, and what a mined transaction
// does. The hard tasks built on them rely on exactly this split.
import { encodeFunctionData, erc20Abi, parseAbi, parseEther, parseGwei, parseUnits, type Address } from 'viem';
import { describe, expect, test } from 'vitest';
import { signAndSend } from '../src/execution/send.ts';
import { approveAs, issueTokens, launchV2Token } from '../src/validators/index.ts';
import Honeypot from '../fixtures/artifacts/GasPriceHoneypotToken.json' with { type: 'json' };
import TaxToken from '../fixtures/artifacts/GasPriceTaxToken.json' with { type: 'json' };
import TradeTax from '../fixtures/artifacts/GasPriceTradeTaxToken.json' with { type: 'json' };
import { useHardSession } from './helpers/hard-session.ts';

const ROUTER = parseAbi([
  'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);
const TOKEN: Address = '0x000000000000000000000000000000000000a5e1';
const TREASURY: Address = '0x000000000000000000000000000000000000a5e2';
const PAYEE: Address = '0x000000000000000000000000000000000000a5e3';
type Artifact = { abi: unknown[]; bytecode: `0x${string}` };

const t = useHardSession();
const { platformFeesNow } = t;

describe('GasPriceHoneypotToken', () => {
  test('a sale passes eth_call and eth_estimateGas without a fee, reverts with the fee, and a mined sale reverts', async () => {
    const { chain, env, account } = t.session;
    const agent = account.address;
    await launchV2Token(chain, env, {
      artifact: Honeypot as Artifact,
      at: TOKEN,
      args: ['Trap', 'TRAP'],
      tokenReserve: parseUnits('1000000', 18),
      bnbReserve: parseEther('10'),
      registerPair: true,
    });
    const held = parseUnits('1000', 18);
    await issueTokens(chain, env, TOKEN, agent, held);
    await approveAs(chain, agent, TOKEN, env.router, held);
    const { timestamp } = await chain.public.getBlock();
    const sale = {
      account: agent,
      address: env.router,
      abi: ROUTER,
      functionName: 'swapExactTokensForETHSupportingFeeOnTransferTokens',
      args: [held, 0n, [TOKEN, env.WBNB], agent, timestamp + 1200n],
    } as const;
    await expect(chain.public.simulateContract(sale)).resolves.toBeDefined();
    await expect(chain.public.estimateContractGas(sale)).resolves.toBeGreaterThan(0n);
    await expect(chain.public.simulateContract({ ...sale, ...(await platformFeesNow()) })).rejects.toThrow(/revert/);
    const sent = await signAndSend(
      chain,
      account,
      { to: env.router, data: encodeFunctionData({ abi: ROUTER, functionName: sale.functionName, args: sale.args }), value: 0n },
      { chainId: 56, marker: t.session.marker },
    );
    expect(sent.kind === 'mined' && sent.receipt.status).toBe('reverted');
  });
});

describe('GasPriceTaxToken', () => {
  test('transferTaxBps() states the tax; eth_call runs at gas price 0, where a transfer is untaxed; a transaction sent as the platform sends it pays the tax', async () => {
    const { chain, env, account } = t.session;
    const agent = account.address;
    await launchV2Token(chain, env, {
      artifact: TaxToken as Artifact,
      at: TOKEN,
      args: ['Quiet', 'QT', TREASURY, 2000],
      tokenReserve: parseUnits('1000000', 18),
      bnbReserve: parseEther('10'),
    });
    await issueTokens(chain, env, TOKEN, agent, parseUnits('1000', 18));
    const rate = parseAbi(['function transferTaxBps() view returns (uint16)']);
    expect(await chain.public.readContract({ address: TOKEN, abi: rate, functionName: 'transferTaxBps' })).toBe(2000);
    const amount = parseUnits('100', 18);
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [PAYEE, amount] });
    // What eth_call runs at: creation code that returns GASPRICE.
    const gasPriceSeen = async (fees = {}) =>
      BigInt((await chain.public.call({ account: agent, data: '0x3a60005260206000f3', ...fees })).data!);
    expect(await gasPriceSeen()).toBe(0n);
    expect(await gasPriceSeen(await platformFeesNow())).toBeGreaterThan(parseGwei('1') - 1n);
    const balance = (who: Address) => chain.public.readContract({ address: TOKEN, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
    // At gas price 0 (what a fee-less simulation runs at) the transfer is untaxed.
    await chain.request('anvil_setNextBlockBaseFeePerGas', ['0x0']);
    await chain.test.impersonateAccount({ address: agent });
    await chain.request('eth_sendTransactionSync', [{ from: agent, to: TOKEN, data, gasPrice: '0x0', gas: '0x30000' }]);
    await chain.test.stopImpersonatingAccount({ address: agent });
    expect(await balance(PAYEE)).toBe(amount);
    const sent = await signAndSend(chain, account, { to: TOKEN, data, value: 0n }, { chainId: 56, marker: t.session.marker });
    expect(sent.kind === 'mined' && sent.receipt.status).toBe('success');
    expect(await balance(PAYEE)).toBe(amount + parseUnits('80', 18));
    expect(await balance(TREASURY)).toBe(parseUnits('20', 18));
  });
});

describe('GasPriceTradeTaxToken', () => {
  test('no getter states its rates; a buy is untaxed at gas price 0 and taxed when mined; an exact-output sale passes a fee-less simulation and fails K with fees', async () => {
    const { chain, env, account } = t.session;
    const agent = account.address;
    await launchV2Token(chain, env, {
      artifact: TradeTax as Artifact,
      at: TOKEN,
      args: ['Quiet', 'QT', TREASURY, 1500, 1200],
      tokenReserve: parseUnits('1000000', 18),
      bnbReserve: parseEther('10'),
      registerPair: true,
    });
    const names = (TradeTax as Artifact).abi.flatMap((e) =>
      (e as { type: string }).type === 'function' ? [(e as { name: string }).name] : [],
    );
    expect(names.filter((n) => /tax|bps|fee|rate|collector/i.test(n))).toEqual([]);
    const trade = parseAbi([
      'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
      'function swapTokensForExactETH(uint256 amountOut, uint256 amountInMax, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
    ]);
    const { timestamp } = await chain.public.getBlock();
    const buy = {
      account: agent,
      address: env.router,
      abi: trade,
      functionName: 'swapExactETHForTokens',
      args: [0n, [env.WBNB, TOKEN], agent, timestamp + 1200n],
      value: parseEther('0.1'),
    } as const;
    const { result } = await chain.public.simulateContract(buy);
    const quoted = result[1]!;
    const sent = await signAndSend(
      chain,
      account,
      { to: env.router, data: encodeFunctionData({ abi: trade, functionName: buy.functionName, args: buy.args }), value: buy.value },
      { chainId: 56, marker: t.session.marker },
    );
    expect(sent.kind === 'mined' && sent.receipt.status).toBe('success');
    const balance = (who: Address) => chain.public.readContract({ address: TOKEN, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
    expect(await balance(TREASURY)).toBe((quoted * 1500n) / 10_000n);
    expect(await balance(agent)).toBe(quoted - (quoted * 1500n) / 10_000n);
    await approveAs(chain, agent, TOKEN, env.router, await balance(agent));
    const { timestamp: now } = await chain.public.getBlock();
    const sale = {
      account: agent,
      address: env.router,
      abi: trade,
      functionName: 'swapTokensForExactETH',
      args: [parseEther('0.01'), await balance(agent), [TOKEN, env.WBNB], agent, now + 1200n],
    } as const;
    await expect(chain.public.simulateContract(sale)).resolves.toBeDefined();
    await expect(chain.public.simulateContract({ ...sale, ...(await platformFeesNow()) })).rejects.toThrow(/K/);
  });
});
