import { parseEther, type Address } from 'viem';
import { BSC, BSC_CHAIN_ID, DEPLOYER } from './addresses.ts';
import { startAnvil } from './anvil.ts';
import type { Artifact } from './compile.ts';
import { MIRROR_POOLS, MIRROR_TOKENS } from './mirror-spec.ts';
import { artifactFinder, finishBuild, mintForPools, seedV2Pools } from './mirror-build-steps.ts';
import type { PancakeV2Build } from './pancake-v2.ts';
import { placeContract } from './place-contract.ts';
import { placeAuxContracts, type AuxContract } from './aux-place.ts';
import { chainClients } from './rpc.ts';

const BUILD = 'mirror build';

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

/**
 * Builds the mirror on a fresh anvil: WBNB, the PancakeSwap V2 factory and router (`dex`, compiled by
 * buildPancakeV2), the tokens, the seeded pools and the auxiliary contracts, then dumps the state.
 */
export async function buildMirror(artifacts: Artifact[], dex: PancakeV2Build, aux: readonly AuxContract[]): Promise<MirrorBuild> {
  const byName = new Map(artifacts.map((a) => [a.contractName, a]));
  const need = artifactFinder(artifacts);
  const anvil = await startAnvil({ chainId: BSC_CHAIN_ID });
  try {
    const chain = chainClients(anvil.url);
    await chain.test.impersonateAccount({ address: DEPLOYER });
    await chain.test.setBalance({ address: DEPLOYER, value: parseEther('1000000') });

    // WBNB: our own WETH9-layout contract (Uniswap's test WETH9 lacks the payable fallback BSC's WBNB has).
    await placeContract(chain, DEPLOYER, BSC.WBNB, need('WBNB'));
    await placeContract(chain, DEPLOYER, BSC.PANCAKE_FACTORY, dex.factory, [DEPLOYER]);
    await placeContract(chain, DEPLOYER, BSC.PANCAKE_ROUTER, dex.router, [BSC.PANCAKE_FACTORY, BSC.WBNB]);
    for (const t of MIRROR_TOKENS) {
      await placeContract(chain, DEPLOYER, t.address, need('MirrorToken'), [t.name, t.symbol]);
      await mintForPools(chain, BUILD, t.address, parseEther('100000000'), BSC.PANCAKE_ROUTER);
    }

    const symbolOf = (a: Address) => (a === BSC.WBNB ? 'WBNB' : MIRROR_TOKENS.find((t) => t.address === a)!.key);
    const pairs = await seedV2Pools(
      chain,
      BUILD,
      { router: BSC.PANCAKE_ROUTER, factory: BSC.PANCAKE_FACTORY, wrapped: BSC.WBNB },
      MIRROR_POOLS.map((p) => ({ ...p, name: `${symbolOf(p.a)}_${symbolOf(p.b)}` })),
    );

    const contracts = await placeAuxContracts(chain, byName, aux, pairs);
    const { blockNumber, state } = await finishBuild(chain);
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
