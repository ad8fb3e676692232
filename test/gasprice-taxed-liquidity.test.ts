// A token that taxes transfers into its pair only in transactions that pay for gas (GasPriceTradeTaxToken),
// added to its pool with addLiquidityETH through the read-only proxy: a fee-less simulation mints LP for the
// whole amount; one with the platform's fees mints LP only for what reaches the pair, as the mined add does.
// hard_fee_on_transfer_lp_or_stake relies on exactly this split.
import { encodeFunctionData, erc20Abi, isAddressEqual, parseAbi, parseEther, parseUnits, type Address } from 'viem';
import { describe, expect, test } from 'vitest';
import { signAndSend } from '../src/execution/send.ts';
import { approveAs, issueTokens, launchV2Token } from '../src/validators/index.ts';
import TradeTax from '../fixtures/artifacts/GasPriceTradeTaxToken.json' with { type: 'json' };
import { useHardSession } from './helpers/hard-session.ts';

const ABI = parseAbi([
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256 amountToken, uint256 amountETH, uint256 liquidity)',
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function token0() view returns (address)',
]);
const TOKEN: Address = '0x000000000000000000000000000000000000a5f1';
const COLLECTOR: Address = '0x000000000000000000000000000000000000a5f2';
type Artifact = { abi: unknown[]; bytecode: `0x${string}` };

const t = useHardSession();

describe('GasPriceTradeTaxToken in addLiquidityETH', () => {
  test('a fee-less simulation mints LP for the whole amount; with the fees and when mined, LP only for the untaxed 90 %', async () => {
    const { chain, env, account } = t.session;
    const agent = account.address;
    const pair = await launchV2Token(chain, env, {
      artifact: TradeTax as Artifact,
      at: TOKEN,
      args: ['Quiet', 'QT', COLLECTOR, 1000, 1000],
      tokenReserve: parseUnits('2000000', 18),
      bnbReserve: parseEther('50'),
      registerPair: true,
    });
    const amount = parseUnits('10000', 18);
    await issueTokens(chain, env, TOKEN, agent, amount);
    await approveAs(chain, agent, TOKEN, env.router, amount);
    const supply = await chain.public.readContract({ address: pair, abi: erc20Abi, functionName: 'totalSupply' });
    const [r0, r1] = await chain.public.readContract({ address: pair, abi: ABI, functionName: 'getReserves' });
    const first = isAddressEqual(await chain.public.readContract({ address: pair, abi: ABI, functionName: 'token0' }), TOKEN);
    const [reserveToken, reserveBnb] = first ? [r0, r1] : [r1, r0];
    const value = (amount * reserveBnb) / reserveToken;
    const whole = (amount * supply) / reserveToken;
    const { timestamp } = await chain.public.getBlock();
    const add = {
      account: agent,
      address: env.router,
      abi: ABI,
      functionName: 'addLiquidityETH',
      args: [TOKEN, amount, 0n, 0n, agent, timestamp + 1200n],
      value,
    } as const;
    const feeLess = (await chain.public.simulateContract(add)).result;
    expect(feeLess[0]).toBe(amount);
    expect(feeLess[2]).toBeGreaterThanOrEqual((whole * 9999n) / 10_000n);
    const withFees = (await chain.public.simulateContract({ ...add, ...(await t.platformFeesNow()) })).result;
    // The router still reports the whole amount sent; only the LP shows what reached the pair.
    expect(withFees[0]).toBe(amount);
    expect(withFees[2]).toBeLessThanOrEqual((whole * 9001n) / 10_000n);
    expect(withFees[2]).toBeGreaterThanOrEqual((whole * 8999n) / 10_000n);
    const sent = await signAndSend(
      chain,
      account,
      { to: env.router, data: encodeFunctionData({ abi: ABI, functionName: 'addLiquidityETH', args: add.args }), value },
      { chainId: 56, marker: t.session.marker },
    );
    expect(sent.kind === 'mined' && sent.receipt.status).toBe('success');
    expect(await chain.public.readContract({ address: pair, abi: erc20Abi, functionName: 'balanceOf', args: [agent] })).toBe(withFees[2]);
    expect(await chain.public.readContract({ address: TOKEN, abi: erc20Abi, functionName: 'balanceOf', args: [COLLECTOR] })).toBe(
      amount / 10n,
    );
  });
});
