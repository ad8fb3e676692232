// A sell tax charged only when the gas price is above 0, on a token with both a V2 pair and a V3 pool
// (launchV3Pool): PancakeSwap V3 pools do not take fee-on-transfer tokens (the pool checks its balance after
// the swap callback), so a V3 sale that a fee-less eth_call, eth_estimateGas and QuoterV2 all accept
// reverts with the platform's fees (IIA) and when mined; the V2 fee-on-transfer sale pays on what reaches
// the pair after the tax. hard_pancake_v3_taxed_token_best_route relies on exactly this split.
import { encodeFunctionData, erc20Abi, parseAbi, parseEther, parseUnits, type Address } from 'viem';
import { asHardEnv } from '../src/tasks/address-map.ts';
import { describe, expect, test } from 'vitest';
import { V3_POOL_ABI, V3_QUOTER_ABI, V3_ROUTER_ABI } from '../src/chain/hard-abis.ts';
import { signAndSend } from '../src/execution/send.ts';
import { approveAs, issueTokens, launchV2Token, launchV3Pool, quoteOut } from '../src/validators/index.ts';
import SellTax from '../fixtures/artifacts/GasPriceSellTaxToken.json' with { type: 'json' };
import { useHardSession } from './helpers/hard-session.ts';

const V2 = parseAbi([
  'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);
const TOKEN: Address = '0x000000000000000000000000000000000000b5e1';
const TREASURY: Address = '0x000000000000000000000000000000000000b5e2';
const TAX_BPS = 1000n;

const t = useHardSession();
const { platformFeesNow } = t;

describe('GasPriceSellTaxToken on PancakeSwap V2 and V3', () => {
  test('the V3 sale passes every fee-less check and reverts with fees (IIA) and when mined; the V2 fee-on-transfer sale pays net of the tax', async () => {
    const { chain, account } = t.session;
    const env = asHardEnv(t.session.env);
    const agent = account.address;
    await launchV2Token(chain, env, {
      artifact: SellTax as { abi: unknown[]; bytecode: `0x${string}` },
      at: TOKEN,
      args: ['Split', 'SPLT', TREASURY, Number(TAX_BPS)],
      tokenReserve: parseUnits('1000000', 18),
      bnbReserve: parseEther('20'),
      registerPair: true,
    });
    const pool = await launchV3Pool(chain, env, {
      token: TOKEN,
      fee: 2500,
      tokenAmount: parseUnits('500000', 18),
      bnbAmount: parseEther('10'),
      low: 0.8,
      high: 1.25,
      registerPool: true,
    });
    expect(await chain.public.readContract({ address: pool, abi: V3_POOL_ABI, functionName: 'liquidity' })).toBeGreaterThan(0n);
    const held = parseUnits('1000', 18);
    await issueTokens(chain, env, TOKEN, agent, held);
    await approveAs(chain, agent, TOKEN, env.router, held);
    await approveAs(chain, agent, TOKEN, env.v3_swap_router, held);
    const balance = (token: Address) =>
      chain.public.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [agent] });

    // Same price in both pools: the quoter (which never moves tokens) prices the V3 sale about like V2's untaxed quote.
    const single = { tokenIn: TOKEN, tokenOut: env.WBNB, fee: 2500 };
    const { result } = await chain.public.simulateContract({
      address: env.v3_quoter,
      abi: V3_QUOTER_ABI,
      functionName: 'quoteExactInputSingle',
      args: [{ ...single, amountIn: held, sqrtPriceLimitX96: 0n }],
    });
    const v2Quote = await quoteOut(chain.public, env.router, held, [TOKEN, env.WBNB]);
    expect(Number(result[0]) / Number(v2Quote)).toBeCloseTo(1, 2);

    const { timestamp } = await chain.public.getBlock();
    const v3Sale = {
      account: agent,
      address: env.v3_swap_router,
      abi: V3_ROUTER_ABI,
      functionName: 'exactInputSingle',
      args: [{ ...single, recipient: agent, deadline: timestamp + 1200n, amountIn: held, amountOutMinimum: 0n, sqrtPriceLimitX96: 0n }],
    } as const;
    await expect(chain.public.simulateContract(v3Sale)).resolves.toBeDefined();
    await expect(chain.public.estimateContractGas(v3Sale)).resolves.toBeGreaterThan(0n);
    await expect(chain.public.simulateContract({ ...v3Sale, ...(await platformFeesNow()) })).rejects.toThrow(/IIA/);
    const v3Sent = await signAndSend(
      chain,
      account,
      {
        to: env.v3_swap_router,
        data: encodeFunctionData({ abi: V3_ROUTER_ABI, functionName: 'exactInputSingle', args: v3Sale.args }),
        value: 0n,
      },
      { chainId: 56, marker: t.session.marker },
    );
    expect(v3Sent.kind === 'mined' && v3Sent.receipt.status).toBe('reverted');
    expect(await balance(TOKEN)).toBe(held);

    const reaches = held - (held * TAX_BPS) / 10_000n;
    const paid = await quoteOut(chain.public, env.router, reaches, [TOKEN, env.WBNB]);
    const bnbBefore = await chain.public.getBalance({ address: agent });
    const v2Sent = await signAndSend(
      chain,
      account,
      {
        to: env.router,
        data: encodeFunctionData({
          abi: V2,
          functionName: 'swapExactTokensForETHSupportingFeeOnTransferTokens',
          args: [held, paid, [TOKEN, env.WBNB], agent, timestamp + 1200n],
        }),
        value: 0n,
      },
      { chainId: 56, marker: t.session.marker },
    );
    expect(v2Sent.kind === 'mined' && v2Sent.receipt.status).toBe('success');
    if (v2Sent.kind !== 'mined') return;
    const gas = v2Sent.receipt.gasUsed * v2Sent.receipt.effectiveGasPrice;
    expect((await chain.public.getBalance({ address: agent })) + gas - bnbBefore).toBe(paid);
    expect(await balance(TOKEN)).toBe(0n);
    expect(await chain.public.readContract({ address: TOKEN, abi: erc20Abi, functionName: 'balanceOf', args: [TREASURY] })).toBe(
      held - reaches,
    );
  });
});
