// The "MEV-protected" router whose minimum holds only at gas price 0, on the hard chain and through the
// read-only proxy scripts use: a fee-less eth_call
// or eth_estimateGas of a swap below its minimum reverts, one with the platform's fees goes through, and a
// swap sent as the platform sends it, after the pool was moved against it, fills below its minimum.
// hard_slippage_attack_shield_router_or_v2 relies on exactly this.
import { encodeFunctionData, erc20Abi, parseAbi, parseEther, parseUnits, type Address } from 'viem';
import { describe, expect, test } from 'vitest';
import { signAndSend } from '../src/execution/send.ts';
import { deployContract, frontRunV2, issueTokens, quoteOut } from '../src/validators/index.ts';
import ShieldRouter from '../fixtures/artifacts/GasPriceShieldRouter.json' with { type: 'json' };
import { useHardProxySession } from './helpers/hard-session.ts';

const SHIELD: Address = '0x000000000000000000000000000000000000a5f1';
const ABI = parseAbi([
  'function quote(address tokenOut, uint256 amountIn) view returns (uint256)',
  'function swapExactBNBForTokens(address tokenOut, uint256 minOut, address to) payable returns (uint256)',
]);
type Artifact = { abi: unknown[]; bytecode: `0x${string}` };

const t = useHardProxySession();

describe('GasPriceShieldRouter', () => {
  test('the minimum holds in fee-less simulations only: with fees it is ignored, and a mined swap after a front-run fills below it', async () => {
    const { chain, env, account } = t.session;
    const agent = account.address;
    const client = t.proxyClient;
    const cake = env.CAKE;
    await deployContract(chain, ShieldRouter as Artifact, SHIELD, [env.router, env.WBNB, 30n]);
    await issueTokens(chain, env, cake, SHIELD, parseUnits('10000', 18));
    const amountIn = parseEther('0.5');
    const v2 = await quoteOut(client, env.router, amountIn, [env.WBNB, cake]);
    const quoted = await client.readContract({ address: SHIELD, abi: ABI, functionName: 'quote', args: [cake, amountIn] });
    expect(quoted).toBe(v2 + (v2 * 30n) / 10_000n);
    const swap = (minOut: bigint) =>
      ({
        account: agent,
        address: SHIELD,
        abi: ABI,
        functionName: 'swapExactBNBForTokens',
        args: [cake, minOut, agent],
        value: amountIn,
      }) as const;

    // A minimum no pool could pay: fee-less, the router refuses it; with the platform's fees it swaps anyway.
    await expect(client.simulateContract(swap(quoted * 2n))).rejects.toThrow(/Shield: insufficient output/);
    await expect(client.estimateContractGas(swap(quoted * 2n))).rejects.toThrow(/Shield: insufficient output/);
    const fees = await t.platformFeesNow();
    expect((await client.simulateContract({ ...swap(quoted * 2n), ...fees })).result).toBe(quoted);
    // An honest minimum passes either way: only a minimum that bites tells the two apart.
    expect((await client.simulateContract(swap(quoted))).result).toBe(quoted);

    // The pool moved about 24 % against the buy before it is mined: a fee-less simulation reverts on the
    // minimum, the transaction sent as the platform sends it fills far below it.
    await frontRunV2(chain, {
      router: env.router,
      pair: env.pair_CAKE_WBNB,
      sell: env.WBNB,
      buy: cake,
      wbnb: env.WBNB,
      shareBps: 1500n,
    });
    await expect(client.simulateContract(swap(quoted))).rejects.toThrow(/Shield: insufficient output/);
    const before = await chain.public.readContract({ address: cake, abi: erc20Abi, functionName: 'balanceOf', args: [agent] });
    const sent = await signAndSend(
      chain,
      account,
      {
        to: SHIELD,
        data: encodeFunctionData({ abi: ABI, functionName: 'swapExactBNBForTokens', args: [cake, quoted, agent] }),
        value: amountIn,
      },
      { chainId: 56, marker: t.session.marker },
    );
    expect(sent.kind === 'mined' && sent.receipt.status).toBe('success');
    const got = (await chain.public.readContract({ address: cake, abi: erc20Abi, functionName: 'balanceOf', args: [agent] })) - before;
    expect(got).toBeLessThan((quoted * 80n) / 100n);
    expect(got).toBeGreaterThan((quoted * 70n) / 100n);
  });
});
