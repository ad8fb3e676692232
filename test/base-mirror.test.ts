// The Base (8453) mirror: the committed state loads with Base's chain id and carries Base's contracts
// at Base's addresses: WETH9, Uniswap V2 exactly as released (0.3 % per hop), USDC with 6 decimals and
// an EIP-2612 permit, pools at the spec's USD prices, and the auxiliary task contracts at their BSC
// addresses, wired to Base's tokens and pairs.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  encodeDeployData,
  encodeFunctionData,
  encodePacked,
  erc20Abi,
  getAddress,
  getContractAddress,
  keccak256,
  parseAbi,
  parseEther,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEPLOYER, namedAddress } from '../src/chain/addresses.ts';
import { startAnvil, type RunningAnvil } from '../src/chain/anvil.ts';
import { AUX_CONTRACTS } from '../src/chain/aux-contracts.ts';
import { BASE, BASE_ADDRESS_OF, BASE_CHAIN_ID, BASE_DECIMALS, BASE_USD_PRICES, type BaseTokenKey } from '../src/chain/base-spec.ts';
import type { MirrorManifest } from '../src/chain/build-mirror.ts';
import { sendAs } from '../src/chain/impersonate.ts';
import { chainClients, type ChainClients } from '../src/chain/rpc.ts';
import { UNISWAP_INIT_CODE_HASH } from '../src/chain/uniswap-v2.ts';
import { packageRoot } from '../src/package-root.ts';

const require = createRequire(import.meta.url);
const MIRROR = join(packageRoot(), 'fixtures', 'mirror');
const STATE = join(MIRROR, 'base-state.json');
const manifest = JSON.parse(readFileSync(join(MIRROR, 'base-manifest.json'), 'utf8')) as MirrorManifest;

const WETH = parseAbi([
  'function deposit() payable',
  'function withdraw(uint256 wad)',
  'function balanceOf(address) view returns (uint256)',
  'function totalSupply() view returns (uint256)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
]);
const PERMIT = parseAbi([
  'function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
  'function nonces(address owner) view returns (uint256)',
  'function DOMAIN_SEPARATOR() view returns (bytes32)',
]);
const ROUTER = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function factory() view returns (address)',
  'function WETH() view returns (address)',
]);
const PAIR = parseAbi([
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function token0() view returns (address)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
]);
const AUX = parseAbi([
  'function stakingToken() view returns (address)',
  'function rewardToken() view returns (address)',
  'function name() view returns (string)',
]);
const DEADLINE = 4_000_000_000n;

describe('the Base mirror', () => {
  let node: RunningAnvil;
  let chain: ChainClients;
  beforeAll(async () => {
    expect(existsSync(STATE), 'fixtures/mirror/base-state.json (npm run build:fixtures -- --chain base)').toBe(true);
    node = await startAnvil({ chainId: BASE_CHAIN_ID, loadState: STATE });
    chain = chainClients(node.url);
  }, 120_000);
  afterAll(async () => {
    await node?.stop();
  });

  const read = <T>(address: Address, abi: readonly unknown[], functionName: string, args: readonly unknown[] = []) =>
    chain.public.readContract({ address, abi: abi as never, functionName: functionName as never, args: args as never }) as Promise<T>;
  const balanceOf = (token: Address, holder: Address) => read<bigint>(token, erc20Abi, 'balanceOf', [holder]);
  /** A fresh account holding `eth`, for the transactions a test sends (anvil impersonates it). */
  async function funded(name: string, eth = parseEther('10')): Promise<Address> {
    const who = namedAddress(`base-mirror-test/${name}`);
    await chain.test.setBalance({ address: who, value: eth });
    return who;
  }

  test('loads with chain id 8453 and the manifest names Base', async () => {
    expect(await chain.public.getChainId()).toBe(8453);
    expect(manifest.chainId).toBe(8453);
    expect(manifest.tokens).toEqual({ WETH: BASE.WETH, USDC: BASE.USDC, DAI: BASE.DAI, DEGEN: BASE.DEGEN });
    expect(manifest.dex).toEqual({ router: BASE.UNISWAP_V2_ROUTER, factory: BASE.UNISWAP_V2_FACTORY });
  });

  test('WETH at the predeploy wraps and unwraps', async () => {
    expect(await read(BASE.WETH, WETH, 'name')).toBe('Wrapped Ether');
    expect(await read(BASE.WETH, WETH, 'symbol')).toBe('WETH');
    const who = await funded('weth');
    const supply = await read<bigint>(BASE.WETH, WETH, 'totalSupply');
    await sendAs(chain, who, BASE.WETH, encodeFunctionData({ abi: WETH, functionName: 'deposit' }), parseEther('1'));
    expect(await balanceOf(BASE.WETH, who)).toBe(parseEther('1'));
    expect(await read<bigint>(BASE.WETH, WETH, 'totalSupply')).toBe(supply + parseEther('1'));
    const eth = await chain.public.getBalance({ address: who });
    await sendAs(chain, who, BASE.WETH, encodeFunctionData({ abi: WETH, functionName: 'withdraw', args: [parseEther('0.4')] }));
    expect(await balanceOf(BASE.WETH, who)).toBe(parseEther('0.6'));
    expect(await read<bigint>(BASE.WETH, WETH, 'totalSupply')).toBe(supply + parseEther('0.6'));
    // The 0.4 ETH came back (less the gas of the withdrawal, well under 0.01 ETH at anvil's fees).
    expect(await chain.public.getBalance({ address: who })).toBeGreaterThan(eth + parseEther('0.39'));
  });

  test('USDC has 6 decimals and accepts a permit signed for its Base domain (version "2")', async () => {
    expect(await read(BASE.USDC, erc20Abi, 'decimals')).toBe(6);
    expect(await read(BASE.USDC, erc20Abi, 'name')).toBe('USD Coin');
    expect(await read(BASE.USDC, erc20Abi, 'symbol')).toBe('USDC');
    expect(await read(BASE.DAI, erc20Abi, 'decimals')).toBe(18);
    expect(await read(BASE.DEGEN, erc20Abi, 'symbol')).toBe('DEGEN');

    const owner = privateKeyToAccount(generatePrivateKey());
    const spender = namedAddress('base-mirror-test/permit-spender');
    const value = 2_500_000n; // 2.5 USDC
    const domain = { name: 'USD Coin', version: '2', chainId: BASE_CHAIN_ID, verifyingContract: BASE.USDC } as const;
    const types = {
      Permit: [
        { name: 'owner', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
    } as const;
    const signature = await owner.signTypedData({
      domain,
      types,
      primaryType: 'Permit',
      message: { owner: owner.address, spender, value, nonce: 0n, deadline: DEADLINE },
    });
    const r = signature.slice(0, 66) as Hex;
    const s = `0x${signature.slice(66, 130)}` as Hex;
    const v = Number.parseInt(signature.slice(130, 132), 16);
    const relayer = await funded('permit-relayer');
    await sendAs(
      chain,
      relayer,
      BASE.USDC,
      encodeFunctionData({ abi: PERMIT, functionName: 'permit', args: [owner.address, spender, value, DEADLINE, v, r, s] }),
    );
    expect(await read(BASE.USDC, erc20Abi, 'allowance', [owner.address, spender])).toBe(value);
    expect(await read(BASE.USDC, PERMIT, 'nonces', [owner.address])).toBe(1n);
    // Replaying the same signature fails: the nonce moved on.
    await expect(
      sendAs(
        chain,
        relayer,
        BASE.USDC,
        encodeFunctionData({ abi: PERMIT, functionName: 'permit', args: [owner.address, spender, value, DEADLINE, v, r, s] }),
      ),
    ).rejects.toThrow(/reverted/);
  });

  test('factory, router and pairs are the published Uniswap V2 contracts, pairs at their CREATE2 addresses', async () => {
    const runtime = (bytecode: Hex, abi: readonly unknown[], args: readonly unknown[]) =>
      chain.request<Hex>('eth_call', [
        { data: encodeDeployData({ abi: abi as Abi, bytecode, args: args as readonly unknown[] }), gas: '0x1c9c380' },
        'latest',
      ]);
    const published = (p: string) => require(p) as { abi: unknown[]; bytecode: string };
    const factory = published('@uniswap/v2-core/build/UniswapV2Factory.json');
    const router = published('@uniswap/v2-periphery/build/UniswapV2Router02.json');
    const pair = published('@uniswap/v2-core/build/UniswapV2Pair.json');
    const hex = (b: string) => (b.startsWith('0x') ? b : `0x${b}`) as Hex;
    expect(await chain.public.getCode({ address: BASE.UNISWAP_V2_FACTORY })).toBe(
      await runtime(hex(factory.bytecode), factory.abi, [DEPLOYER]),
    );
    expect(await chain.public.getCode({ address: BASE.UNISWAP_V2_ROUTER })).toBe(
      await runtime(hex(router.bytecode), router.abi, [BASE.UNISWAP_V2_FACTORY, BASE.WETH]),
    );
    expect(keccak256(hex(pair.bytecode))).toBe(UNISWAP_INIT_CODE_HASH);
    const pairCode = await runtime(hex(pair.bytecode), pair.abi, []);
    for (const [key, at] of Object.entries(manifest.pairs)) {
      expect(await chain.public.getCode({ address: at }), key).toBe(pairCode);
      const [a, b] = key.split('_').map((k) => BASE_ADDRESS_OF[k as BaseTokenKey]) as [Address, Address];
      const [t0, t1] = BigInt(a) < BigInt(b) ? [a, b] : [b, a];
      const derived = getContractAddress({
        opcode: 'CREATE2',
        from: BASE.UNISWAP_V2_FACTORY,
        salt: keccak256(encodePacked(['address', 'address'], [t0, t1])),
        bytecodeHash: UNISWAP_INIT_CODE_HASH,
      });
      expect(derived, key).toBe(at);
      expect(await read(at, PAIR, 'name')).toBe('Uniswap V2');
      expect(await read(at, PAIR, 'symbol')).toBe('UNI-V2');
    }
    expect(await read(BASE.UNISWAP_V2_ROUTER, ROUTER, 'factory')).toBe(BASE.UNISWAP_V2_FACTORY);
    expect(await read(BASE.UNISWAP_V2_ROUTER, ROUTER, 'WETH')).toBe(BASE.WETH);
  });

  test('every pool mid price is within 1 % of the spec USD prices', async () => {
    expect(Object.keys(manifest.pairs).sort()).toEqual(['DEGEN_USDC', 'DEGEN_WETH', 'USDC_DAI', 'WETH_DAI', 'WETH_USDC']);
    for (const [key, at] of Object.entries(manifest.pairs)) {
      const [a, b] = key.split('_') as [BaseTokenKey, BaseTokenKey];
      const [r0, r1] = await read<[bigint, bigint, number]>(at, PAIR, 'getReserves');
      const token0 = await read<Address>(at, PAIR, 'token0');
      const [ra, rb] = getAddress(token0) === BASE_ADDRESS_OF[a] ? [r0, r1] : [r1, r0];
      const wholeA = Number(ra) / 10 ** BASE_DECIMALS[a];
      const wholeB = Number(rb) / 10 ** BASE_DECIMALS[b];
      const usdOfA = (wholeB * BASE_USD_PRICES[b]) / wholeA;
      expect(Math.abs(usdOfA / BASE_USD_PRICES[a] - 1), `${key}: ${a} at ${usdOfA} USD`).toBeLessThan(0.01);
    }
  });

  test('the router quotes 0.3 % per hop and a 0.1 ETH swap for USDC moves exactly the quote', async () => {
    const amountIn = parseEther('0.1');
    const path = [BASE.WETH, BASE.USDC];
    const pair = manifest.pairs.WETH_USDC!;
    const [r0, r1] = await read<[bigint, bigint, number]>(pair, PAIR, 'getReserves');
    const wethIs0 = getAddress(await read<Address>(pair, PAIR, 'token0')) === BASE.WETH;
    const [reserveIn, reserveOut] = wethIs0 ? [r0, r1] : [r1, r0];
    const withFee = amountIn * 997n;
    const expected = (withFee * reserveOut) / (reserveIn * 1000n + withFee);
    const [, quoted] = await read<bigint[]>(BASE.UNISWAP_V2_ROUTER, ROUTER, 'getAmountsOut', [amountIn, path]);
    expect(quoted).toBe(expected);
    // About 300 USDC at 3,000 USD per ETH, less the fee and the slippage of a 1,500 ETH pool.
    expect(Number(quoted) / 1e6).toBeGreaterThan(298);
    expect(Number(quoted) / 1e6).toBeLessThan(300);

    const trader = await funded('swap');
    const before = await balanceOf(BASE.USDC, trader);
    await sendAs(
      chain,
      trader,
      BASE.UNISWAP_V2_ROUTER,
      encodeFunctionData({ abi: ROUTER, functionName: 'swapExactETHForTokens', args: [quoted!, path, trader, DEADLINE] }),
      amountIn,
    );
    expect((await balanceOf(BASE.USDC, trader)) - before).toBe(quoted);
  });

  test('the auxiliary contracts sit at their BSC addresses with code, wired to Base tokens and pairs', async () => {
    expect(Object.keys(manifest.contracts)).toEqual(AUX_CONTRACTS.map((c) => c.key));
    for (const c of AUX_CONTRACTS) {
      expect(manifest.contracts[c.key], c.key).toBe(c.address);
      const code = await chain.public.getCode({ address: c.address });
      expect(code && code.length > 2, `${c.key} has code`).toBe(true);
    }
    const at = manifest.contracts;
    expect(await read(at.simple_staking!, AUX, 'stakingToken')).toBe(BASE.DEGEN);
    expect(await read(at.simple_lp_staking!, AUX, 'stakingToken')).toBe(manifest.pairs.USDC_DAI);
    expect(await read(at.simple_reward_pool!, AUX, 'stakingToken')).toBe(manifest.pairs.USDC_DAI);
    expect(await read(at.simple_reward_pool!, AUX, 'rewardToken')).toBe(BASE.DEGEN);
    expect(await read(at.pancake_squad!, AUX, 'name')).toBe('Based Squad');
    expect(await balanceOf(BASE.USDC, at.flashloan_contract!)).toBe(10_000n * 10n ** 6n);
    // The reward pool keeps BSC's USD: 24 M DEGEN of funding, 2.4 M DEGEN per second per whole USDC/DAI LP token.
    expect(await balanceOf(BASE.DEGEN, at.simple_reward_pool!)).toBe(parseEther('24000000'));
    expect(
      await read(
        at.simple_reward_pool!,
        parseAbi(['function rewardPerSecondPerToken() view returns (uint256)']),
        'rewardPerSecondPerToken',
      ),
    ).toBe(parseEther('2400000'));
  });
});
