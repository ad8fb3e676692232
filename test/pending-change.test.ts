// The contracts of the pending_change tasks, on the hard chain and through the read-only proxy scripts use:
// a change the chain already shows (a token's scheduled taxes, an oracle's posted price) is invisible to the
// getters and to any eth_call at the latest block, and in force in the next mined block.
// hard_fee_on_transfer_scheduled_tax_delivery, hard_precision_exact_buy_launch_tax_drop,
// hard_honeypot_injection_scheduled_sell_tax and hard_lending_borrow_at_posted_price rely on exactly this.
import { encodeFunctionData, erc20Abi, parseAbi, parseEther, parseUnits, zeroAddress, type Address } from 'viem';
import { asHardEnv } from '../src/tasks/address-map.ts';
import { describe, expect, test } from 'vitest';
import { signAndSend } from '../src/execution/send.ts';
import { deployContract, DEPLOYER, issueTokens, launchV2Token, sendAs } from '../src/validators/index.ts';
import PendingTaxToken from '../fixtures/artifacts/PendingTaxToken.json' with { type: 'json' };
import PendingPriceOracle from '../fixtures/artifacts/PendingPriceOracle.json' with { type: 'json' };
import { useHardProxySession } from './helpers/hard-session.ts';

type Artifact = { abi: unknown[]; bytecode: `0x${string}` };
const TOKEN: Address = '0x000000000000000000000000000000000000a5f2';
const TREASURY: Address = '0x000000000000000000000000000000000000a5f3';
const STAGING: Address = '0x000000000000000000000000000000000000a5f4';
const NATIVE: Address = '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB';
const TAX = parseAbi([
  'function buyTaxBps() view returns (uint16)',
  'function sellTaxBps() view returns (uint16)',
  'function transferTaxBps() view returns (uint16)',
  'function scheduledTaxes() view returns (uint16, uint16, uint16, uint256)',
  'function scheduleTaxes(uint16 buyBps, uint16 sellBps, uint16 transferBps, uint64 effectiveAt)',
]);
const ORACLE = parseAbi([
  'function owner() view returns (address)',
  'function getUnderlyingPrice(address vToken) view returns (uint256)',
  'function assetPrice(address asset) view returns (uint256)',
  'function nextPriceUpdate(address asset) view returns (uint256, uint256)',
  'function postPriceUpdate(address asset, uint256 price, uint256 fromBlock)',
]);
const COMPTROLLER = parseAbi([
  'function getHypotheticalAccountLiquidity(address, address, uint256, uint256) view returns (uint256, uint256, uint256)',
]);

const t = useHardProxySession();

describe('PendingTaxToken', () => {
  test('a schedule that starts right after the head: the getters and an eth_call at the latest block show the old rate, the pending block and the mined transfer the new one', async () => {
    const { chain, account } = t.session;
    const env = asHardEnv(t.session.env);
    const agent = account.address;
    const client = t.proxyClient;
    await launchV2Token(chain, env, {
      artifact: PendingTaxToken as Artifact,
      at: TOKEN,
      args: ['Kairon', 'KRN', TREASURY, 200, 300, 200],
      tokenReserve: parseUnits('3200000', 18),
      bnbReserve: parseEther('80'),
      registerPair: true,
    });
    await issueTokens(chain, env, TOKEN, agent, parseUnits('50000', 18));
    const { timestamp } = await chain.public.getBlock();
    // Mined 3 s later; 10 blocks on, the head is 1 s short of the new rates.
    const effectiveAt = timestamp + 3n + 30n + 1n;
    await sendAs(
      chain,
      DEPLOYER,
      TOKEN,
      encodeFunctionData({ abi: TAX, functionName: 'scheduleTaxes', args: [200, 300, 1200, effectiveAt] }),
    );
    await chain.test.mine({ blocks: 10, interval: 3 });
    const head = await client.getBlock();
    expect(head.timestamp + 1n).toBe(effectiveAt);

    expect(await client.readContract({ address: TOKEN, abi: TAX, functionName: 'transferTaxBps' })).toBe(200);
    expect(await client.readContract({ address: TOKEN, abi: TAX, functionName: 'scheduledTaxes' })).toEqual([200, 300, 1200, effectiveAt]);
    expect(await client.readContract({ address: TOKEN, abi: TAX, functionName: 'transferTaxBps', blockTag: 'pending' })).toBe(1200);
    // A simulated transfer at the latest block goes through as it would at 2 %: nothing in it hints at 12 %.
    const to: Address = '0x000000000000000000000000000000000000a5f5';
    const amount = parseUnits('1000', 18);
    await client.simulateContract({ account: agent, address: TOKEN, abi: erc20Abi, functionName: 'transfer', args: [to, amount] });

    const sent = await signAndSend(
      chain,
      account,
      { to: TOKEN, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }), value: 0n },
      { chainId: 56, marker: t.session.marker },
    );
    expect(sent.kind === 'mined' && sent.receipt.status).toBe('success');
    expect(await chain.public.readContract({ address: TOKEN, abi: erc20Abi, functionName: 'balanceOf', args: [to] })).toBe(
      amount - (amount * 1200n) / 10_000n,
    );
    expect(await client.readContract({ address: TOKEN, abi: TAX, functionName: 'transferTaxBps' })).toBe(1200);
    // Buys and sells keep their own rates; the owner is exempt.
    expect(await client.readContract({ address: TOKEN, abi: TAX, functionName: 'buyTaxBps' })).toBe(200);
    expect(await client.readContract({ address: TOKEN, abi: TAX, functionName: 'sellTaxBps' })).toBe(300);
  });
});

describe('PendingPriceOracle', () => {
  test("takes the Venus oracle's place with its prices; a posted update is invisible at the latest block and in force from its block, for the comptroller too", async () => {
    const { chain, account } = t.session;
    const env = asHardEnv(t.session.env);
    const agent = account.address;
    const client = t.proxyClient;
    const oracle = env.venus_oracle;
    const before = await client.readContract({ address: oracle, abi: ORACLE, functionName: 'getUnderlyingPrice', args: [env.vBNB] });
    const [, limitBefore] = await client.readContract({
      address: env.venus_comptroller,
      abi: COMPTROLLER,
      functionName: 'getHypotheticalAccountLiquidity',
      args: [agent, zeroAddress, 0n, 0n],
    });
    await deployContract(chain, PendingPriceOracle as Artifact, STAGING);
    await chain.test.setCode({ address: oracle, bytecode: (await chain.public.getCode({ address: STAGING }))! });
    expect(await client.readContract({ address: oracle, abi: ORACLE, functionName: 'owner' })).toBe(DEPLOYER);
    expect(await client.readContract({ address: oracle, abi: ORACLE, functionName: 'getUnderlyingPrice', args: [env.vBNB] })).toBe(before);
    expect(before).toBe(600n * 10n ** 18n);
    expect(await client.readContract({ address: oracle, abi: ORACLE, functionName: 'getUnderlyingPrice', args: [env.vUSDT] })).toBe(
      10n ** 18n,
    );

    const head = await chain.public.getBlockNumber();
    const fromBlock = head + 2n; // the post is mined in head + 1, the price applies from the block after
    const price = 540n * 10n ** 18n;
    await sendAs(
      chain,
      DEPLOYER,
      oracle,
      encodeFunctionData({ abi: ORACLE, functionName: 'postPriceUpdate', args: [NATIVE, price, fromBlock] }),
    );
    expect(await client.readContract({ address: oracle, abi: ORACLE, functionName: 'nextPriceUpdate', args: [NATIVE] })).toEqual([
      price,
      fromBlock,
    ]);
    expect(await client.readContract({ address: oracle, abi: ORACLE, functionName: 'getUnderlyingPrice', args: [env.vBNB] })).toBe(before);
    expect(await client.readContract({ address: oracle, abi: ORACLE, functionName: 'assetPrice', args: [NATIVE] })).toBe(before);
    const liquidity = async (blockTag?: 'pending') =>
      (
        await client.readContract({
          address: env.venus_comptroller,
          abi: COMPTROLLER,
          functionName: 'getHypotheticalAccountLiquidity',
          args: [agent, zeroAddress, 0n, 0n],
          ...(blockTag ? { blockTag } : {}),
        })
      )[1];
    // 2 BNB at CF 0.8: 960 USD at the latest block, 864 USD from the posted block on.
    expect(await liquidity()).toBe(limitBefore);
    expect(limitBefore).toBe(960n * 10n ** 18n);
    expect(await liquidity('pending')).toBe(864n * 10n ** 18n);
    await chain.test.mine({ blocks: 1 });
    expect(await client.readContract({ address: oracle, abi: ORACLE, functionName: 'getUnderlyingPrice', args: [env.vBNB] })).toBe(price);
    expect(await liquidity()).toBe(864n * 10n ** 18n);
  });
});
