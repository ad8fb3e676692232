// Exact amounts through a token that taxes trades only in transactions that pay for gas
// (GasPriceTradeTaxToken), measured through the read-only proxy scripts use: a fee-less simulation shows
// the untaxed amount, a transaction sent as the platform sends it moves the taxed one, and a simulation with
// the platform's fees shows the taxed one, so a script that simulates as it will send can size the trade.
// The precision tasks hard_precision_receive_exact_taxed_buy and _pay_exact_usdt_from_taxed_sale rely on it.
import { encodeFunctionData, erc20Abi, parseAbi, parseEther, parseUnits, type Address, type Hex } from 'viem';
import { describe, expect, test } from 'vitest';
import { platformFees, signAndSend } from '../src/execution/send.ts';
import { afterTax, approveAs, issueTokens, launchV2Token } from '../src/validators/index.ts';
import TradeTax from '../fixtures/artifacts/GasPriceTradeTaxToken.json' with { type: 'json' };
import { useHardProxySession } from './helpers/hard-session.ts';

type Artifact = { abi: unknown[]; bytecode: Hex };
const TOKEN: Address = '0x000000000000000000000000000000000000a7e1';
const COLLECTOR: Address = '0x000000000000000000000000000000000000a7e2';
const ROUTER = parseAbi([
  'function getAmountsIn(uint256 amountOut, address[] path) view returns (uint256[] amounts)',
  'function swapETHForExactTokens(uint256 amountOut, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable',
  'function swapTokensForExactTokens(uint256 amountOut, uint256 amountInMax, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);
const PAYEE: Address = '0x000000000000000000000000000000000000a7e3';

const t = useHardProxySession();

describe('an exact buy of a token taxed only on inclusion', () => {
  test('swapETHForExactTokens shows the amount at no fee and lands less when mined; a fee-on-transfer buy with the amount as minimum passes at no fee, reverts with the fees, and passes with them once grossed up', async () => {
    const { chain, env, account } = t.session;
    const agent = account.address;
    const bps = 1200n;
    await launchV2Token(chain, env, {
      artifact: TradeTax as Artifact,
      at: TOKEN,
      args: ['Quiet', 'QT', COLLECTOR, Number(bps), 0],
      tokenReserve: parseUnits('3000000', 18),
      bnbReserve: parseEther('60'),
      registerPair: true,
    });
    const client = t.proxyClient;
    const balance = (who: Address) => client.readContract({ address: TOKEN, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
    const path = [env.WBNB!, TOKEN];
    const want = parseUnits('10000', 18);
    const block = await client.getBlock();
    const deadline = block.timestamp + 1200n;
    const fees = platformFees(block.baseFeePerGas ?? 0n);
    const [untaxedPrice] = await client.readContract({
      address: env.router!,
      abi: ROUTER,
      functionName: 'getAmountsIn',
      args: [want, path],
    });
    const buyAtLeast = (value: bigint, extra: object = {}) =>
      client.simulateContract({
        account: agent,
        address: env.router!,
        abi: ROUTER,
        functionName: 'swapExactETHForTokensSupportingFeeOnTransferTokens',
        args: [want, path, agent, deadline],
        value,
        ...extra,
      });

    // Fee-less, the untaxed price lands the amount; with the platform's fees it does not.
    await expect(buyAtLeast(untaxedPrice!)).resolves.toBeDefined();
    await expect(buyAtLeast(untaxedPrice!, fees)).rejects.toThrow(/INSUFFICIENT_OUTPUT_AMOUNT/);
    // Grossed up by the tax, the buy passes with the fees too.
    const [grossPrice] = await client.readContract({
      address: env.router!,
      abi: ROUTER,
      functionName: 'getAmountsIn',
      args: [(want * 10_000n) / (10_000n - bps) + 1n, path],
    });
    await expect(buyAtLeast(grossPrice!, fees)).resolves.toBeDefined();

    // swapETHForExactTokens reports the amount out of the pair either way; mined, the wallet gets it less the tax.
    const exact = {
      account: agent,
      address: env.router!,
      abi: ROUTER,
      functionName: 'swapETHForExactTokens',
      args: [want, path, agent, deadline],
      value: untaxedPrice!,
    } as const;
    expect((await client.simulateContract(exact)).result[1]).toBe(want);
    const sent = await signAndSend(
      chain,
      account,
      {
        to: env.router!,
        data: encodeFunctionData({ abi: ROUTER, functionName: exact.functionName, args: exact.args }),
        value: exact.value,
      },
      { chainId: 56, marker: t.session.marker },
    );
    expect(sent.kind === 'mined' && sent.receipt.status).toBe('success');
    expect(await balance(agent)).toBe(afterTax(want, bps));
    expect(await balance(COLLECTOR)).toBe(want - afterTax(want, bps));
  });
});

describe('an exact payment from the sale of a token taxed only on inclusion', () => {
  test('swapTokensForExactTokens through WBNB to a payee passes at no fee, fails K with the fees and reverts when mined; a fee-on-transfer sale grossed up by the tax pays the amount with the fees', async () => {
    const { chain, env, account } = t.session;
    const agent = account.address;
    const bps = 1500n;
    await launchV2Token(chain, env, {
      artifact: TradeTax as Artifact,
      at: TOKEN,
      args: ['Quiet', 'QT', COLLECTOR, 0, Number(bps)],
      tokenReserve: parseUnits('2000000', 18),
      bnbReserve: parseEther('80'),
      registerPair: true,
    });
    const held = parseUnits('60000', 18);
    await issueTokens(chain, env, TOKEN, agent, held);
    await approveAs(chain, agent, TOKEN, env.router!, held);
    const client = t.proxyClient;
    const usdtOf = (who: Address) => client.readContract({ address: env.USDT!, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
    const path = [TOKEN, env.WBNB!, env.USDT!];
    const want = parseUnits('300', 18);
    const block = await client.getBlock();
    const deadline = block.timestamp + 1200n;
    const fees = platformFees(block.baseFeePerGas ?? 0n);
    const [untaxedSale] = await client.readContract({
      address: env.router!,
      abi: ROUTER,
      functionName: 'getAmountsIn',
      args: [want, path],
    });
    const exact = {
      account: agent,
      address: env.router!,
      abi: ROUTER,
      functionName: 'swapTokensForExactTokens',
      args: [want, held, path, PAYEE, deadline],
    } as const;
    expect((await client.simulateContract(exact)).result[0]).toBe(untaxedSale);
    await expect(client.simulateContract({ ...exact, ...fees })).rejects.toThrow(/K/);

    // Grossed up by the tax, the fee-on-transfer sale pays at least the amount with the fees; the untaxed amount does not.
    const sale = (amountIn: bigint) =>
      client.simulateContract({
        account: agent,
        address: env.router!,
        abi: ROUTER,
        functionName: 'swapExactTokensForTokensSupportingFeeOnTransferTokens',
        args: [amountIn, want, path, PAYEE, deadline],
        ...fees,
      });
    await expect(sale(untaxedSale!)).rejects.toThrow(/INSUFFICIENT_OUTPUT_AMOUNT/);
    await expect(sale((untaxedSale! * 10_000n) / (10_000n - bps) + 1n)).resolves.toBeDefined();

    const sent = await signAndSend(
      chain,
      account,
      { to: env.router!, data: encodeFunctionData({ abi: ROUTER, functionName: exact.functionName, args: exact.args }), value: 0n },
      { chainId: 56, marker: t.session.marker },
    );
    expect(sent.kind === 'mined' && sent.receipt.status).toBe('reverted');
    expect(await usdtOf(PAYEE)).toBe(0n);
  });
});
