import { gunzipSync } from 'node:zlib';
import { getAddress, maxUint256, parseAbi, parseEther, type Address, type Hex } from 'viem';
import { BSC, BSC_CHAIN_ID, DEPLOYER } from './addresses.ts';
import { startAnvil } from './anvil.ts';
import type { Artifact } from './compile.ts';
import { MIRROR_POOLS, MIRROR_TOKENS } from './mirror-spec.ts';
import type { PancakeV2Build } from './pancake-v2.ts';
import { fixtureMissing } from './fixture-error.ts';
import { placeContract } from './place-contract.ts';
import { placeAuxContracts, type AuxContract } from './aux-place.ts';
import { chainClients, type ChainClients } from './rpc.ts';

const ERC20 = parseAbi(['function mint(address to, uint256 amount)', 'function approve(address spender, uint256 amount) returns (bool)']);
const FACTORY = parseAbi(['function getPair(address, address) view returns (address)']);
const ROUTER = parseAbi([
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256, uint256, uint256)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256, uint256, uint256)',
]);

export interface MirrorBuild {
  /** Decoded JSON of anvil_dumpState. */
  state: string;
  manifest: MirrorManifest;
}

export interface MirrorManifest {
  chainId: number;
  blockNumber: number;
  tokens: Record<string, Address>;
  dex: { router: Address; factory: Address };
  pairs: Record<string, Address>;
  contracts: Record<string, Address>;
}

async function send(chain: ChainClients, to: Address, data: Hex, value = 0n): Promise<void> {
  const hash = await chain.request<Hex>('eth_sendTransaction', [
    { from: DEPLOYER, to, data, value: `0x${value.toString(16)}`, gas: '0x989680' },
  ]);
  const r = await chain.public.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  if (r.status !== 'success') throw new Error(`mirror build transaction to ${to} reverted`);
}

/**
 * Builds the mirror on a fresh anvil: WBNB, the PancakeSwap V2 factory and router (`dex`, compiled by
 * buildPancakeV2), the tokens, the seeded pools and the auxiliary contracts, then dumps the state.
 */
export async function buildMirror(artifacts: Artifact[], dex: PancakeV2Build, aux: readonly AuxContract[]): Promise<MirrorBuild> {
  const byName = new Map(artifacts.map((a) => [a.contractName, a]));
  const need = (n: string) => {
    const a = byName.get(n);
    if (!a) throw fixtureMissing(`artifact ${n} missing`);
    return a;
  };
  const anvil = await startAnvil({ chainId: BSC_CHAIN_ID });
  try {
    const chain = chainClients(anvil.url);
    await chain.test.impersonateAccount({ address: DEPLOYER });
    await chain.test.setBalance({ address: DEPLOYER, value: parseEther('1000000') });

    const { encodeFunctionData } = await import('viem');
    // WBNB: our own WETH9-layout contract (Uniswap's test WETH9 lacks the payable fallback BSC's WBNB has).
    await placeContract(chain, DEPLOYER, BSC.WBNB, need('WBNB'));
    await placeContract(chain, DEPLOYER, BSC.PANCAKE_FACTORY, dex.factory, [DEPLOYER]);
    await placeContract(chain, DEPLOYER, BSC.PANCAKE_ROUTER, dex.router, [BSC.PANCAKE_FACTORY, BSC.WBNB]);
    for (const t of MIRROR_TOKENS) {
      await placeContract(chain, DEPLOYER, t.address, need('MirrorToken'), [t.name, t.symbol]);
      await send(chain, t.address, encodeFunctionData({ abi: ERC20, functionName: 'mint', args: [DEPLOYER, parseEther('100000000')] }));
      await send(chain, t.address, encodeFunctionData({ abi: ERC20, functionName: 'approve', args: [BSC.PANCAKE_ROUTER, maxUint256] }));
    }

    const deadline = 4_000_000_000n;
    const pairs: Record<string, Address> = {};
    const symbolOf = (a: Address) => (a === BSC.WBNB ? 'WBNB' : MIRROR_TOKENS.find((t) => t.address === a)!.key);
    for (const p of MIRROR_POOLS) {
      if (p.a === BSC.WBNB || p.b === BSC.WBNB) {
        const [token, tokenAmount, bnb] = p.a === BSC.WBNB ? [p.b, p.amountB, p.amountA] : [p.a, p.amountA, p.amountB];
        const data = encodeFunctionData({
          abi: ROUTER,
          functionName: 'addLiquidityETH',
          args: [token, tokenAmount, 0n, 0n, DEPLOYER, deadline],
        });
        await send(chain, BSC.PANCAKE_ROUTER, data, bnb);
      } else {
        const data = encodeFunctionData({
          abi: ROUTER,
          functionName: 'addLiquidity',
          args: [p.a, p.b, p.amountA, p.amountB, 0n, 0n, DEPLOYER, deadline],
        });
        await send(chain, BSC.PANCAKE_ROUTER, data);
      }
      const pair = await chain.public.readContract({
        address: BSC.PANCAKE_FACTORY,
        abi: FACTORY,
        functionName: 'getPair',
        args: [p.a, p.b],
      });
      pairs[`${symbolOf(p.a)}_${symbolOf(p.b)}`] = getAddress(pair);
    }

    const contracts = await placeAuxContracts(chain, byName, aux, pairs);

    await chain.test.stopImpersonatingAccount({ address: DEPLOYER });
    await chain.test.mine({ blocks: 1 });
    const blockNumber = Number(await chain.public.getBlockNumber());
    const dumped = await chain.request<Hex>('anvil_dumpState');
    const state = gunzipSync(Buffer.from(dumped.slice(2), 'hex')).toString('utf8');
    return {
      state,
      manifest: {
        chainId: BSC_CHAIN_ID,
        blockNumber,
        tokens: { WBNB: BSC.WBNB, USDT: BSC.USDT, BUSD: BSC.BUSD, CAKE: BSC.CAKE },
        dex: { router: BSC.PANCAKE_ROUTER, factory: BSC.PANCAKE_FACTORY },
        pairs,
        contracts,
      },
    };
  } finally {
    await anvil.stop();
  }
}
