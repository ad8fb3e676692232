// Builds the Base mirror (src/chain/base-spec.ts): Base's WETH9, Uniswap V2 exactly as released, the
// token stand-ins, the seeded pools and the auxiliary task contracts, on a fresh anvil with chain id 8453.
import { parseEther, type Abi, type Address, type Hex } from 'viem';
import { auxEntries } from '../tasks/address-map.ts';
import { DEPLOYER } from './addresses.ts';
import { startAnvil } from './anvil.ts';
import { placeAuxContracts, type AuxContract } from './aux-place.ts';
import {
  BASE,
  BASE_ADDRESS_OF,
  BASE_AUX_ARGS,
  BASE_AUX_FUNDING,
  BASE_CHAIN_ID,
  BASE_DECIMALS,
  BASE_POOLS,
  BASE_TOKENS,
  baseKeyFor,
  type BaseTokenKey,
} from './base-spec.ts';
import type { MirrorBuild } from './build-mirror.ts';
import { artifactFinder, finishBuild, mintForPools, seedV2Pools } from './mirror-build-steps.ts';
import { placeContract } from './place-contract.ts';
import { chainClients } from './rpc.ts';
import { UNISWAP_INIT_CODE_HASH, type UniswapV2Build } from './uniswap-v2.ts';

const BUILD = 'Base mirror build';

/** The fixture contracts the Base mirror needs besides the auxiliary ones (fixtures/contracts). */
export const BASE_MIRROR_CONTRACT_FILES = ['WETH9.sol', 'ChainToken.sol'] as const;

/** A BSC-map key as Base resolves it: a pair by its Base tokens, a contract placed before, or a token's Base address. */
function baseResolver(placed: { pairs: Record<string, Address>; contracts: Record<string, Address> }) {
  return (key: string): Address => {
    const mapped = baseKeyFor(key);
    const a = mapped.startsWith('pair_')
      ? placed.pairs[mapped.slice(5)]
      : (placed.contracts[key] ?? BASE_ADDRESS_OF[mapped as BaseTokenKey]);
    if (!a) throw new Error(`Base mirror build: ${key} (${mapped} on Base) must be placed before it is used`);
    return a;
  };
}

/**
 * The auxiliary contracts of the address map at their BSC addresses, wired to Base: a BSC token or pair
 * argument becomes the Base token or pair playing its role (base-spec.ts's BASE_ROLE_OF_BSC_KEY),
 * BASE_AUX_ARGS replaces a contract's arguments, BASE_AUX_FUNDING its funding; other funding keeps its
 * whole-token amount in the Base token's decimals (the BSC mirror's tokens all have 18).
 */
export function baseAuxContracts(): AuxContract[] {
  return auxEntries().map((e) => {
    const override = BASE_AUX_ARGS[e.key];
    return {
      key: e.key,
      artifact: e.placed.artifact,
      address: e.at.bsc,
      args: (placed) => (override ?? e.placed.args)(baseResolver(placed)),
      ...(BASE_AUX_FUNDING[e.key]
        ? { fund: BASE_AUX_FUNDING[e.key]!.map((f) => ({ token: BASE_ADDRESS_OF[f.token], amount: f.amount })) }
        : e.placed.fund
          ? {
              fund: e.placed.fund.map((f) => {
                const key = baseKeyFor(f.token) as BaseTokenKey;
                const token = BASE_ADDRESS_OF[key];
                if (!token) throw new Error(`Base mirror build: no Base token plays ${f.token} (funding ${e.key})`);
                return { token, amount: (f.amount * 10n ** BigInt(BASE_DECIMALS[key])) / 10n ** 18n };
              }),
            }
          : {}),
    };
  });
}

/**
 * Builds the Base mirror on a fresh anvil: WETH9 at Base's predeploy, the Uniswap V2 factory and
 * Router02 (`dex`: buildUniswapV2() without edits, so pairs sit at the addresses they have on Base),
 * the tokens, the seeded pools and the auxiliary contracts, then dumps the state.
 */
export async function buildBaseMirror(
  artifacts: readonly { contractName: string; abi: Abi | readonly unknown[]; bytecode: Hex }[],
  dex: UniswapV2Build,
  aux: readonly AuxContract[] = baseAuxContracts(),
): Promise<MirrorBuild> {
  if (dex.initCodeHash !== UNISWAP_INIT_CODE_HASH) {
    throw new Error(`Base mirror build: the pair's init code hash ${dex.initCodeHash} is not Uniswap's (${UNISWAP_INIT_CODE_HASH})`);
  }
  const byName = new Map(artifacts.map((a) => [a.contractName, a]));
  const need = artifactFinder(artifacts);
  const anvil = await startAnvil({ chainId: BASE_CHAIN_ID });
  try {
    const chain = chainClients(anvil.url);
    await chain.test.impersonateAccount({ address: DEPLOYER });
    await chain.test.setBalance({ address: DEPLOYER, value: parseEther('1000000') });

    await placeContract(chain, DEPLOYER, BASE.WETH, need('WETH9'));
    await placeContract(chain, DEPLOYER, BASE.UNISWAP_V2_FACTORY, dex.factory, [DEPLOYER]);
    await placeContract(chain, DEPLOYER, BASE.UNISWAP_V2_ROUTER, dex.router, [BASE.UNISWAP_V2_FACTORY, BASE.WETH]);
    for (const t of BASE_TOKENS) {
      if (t.permitVersion !== undefined) {
        await placeContract(chain, DEPLOYER, t.address, need('ChainPermitToken'), [t.name, t.symbol, t.decimals, t.permitVersion]);
      } else {
        await placeContract(chain, DEPLOYER, t.address, need('ChainToken'), [t.name, t.symbol, t.decimals]);
      }
      await mintForPools(chain, BUILD, t.address, t.mint * 10n ** BigInt(t.decimals), BASE.UNISWAP_V2_ROUTER);
    }

    const pairs = await seedV2Pools(
      chain,
      BUILD,
      { router: BASE.UNISWAP_V2_ROUTER, factory: BASE.UNISWAP_V2_FACTORY, wrapped: BASE.WETH },
      BASE_POOLS.map((p) => ({
        name: `${p.a}_${p.b}`,
        a: BASE_ADDRESS_OF[p.a],
        b: BASE_ADDRESS_OF[p.b],
        amountA: p.amountA,
        amountB: p.amountB,
      })),
    );

    const contracts = await placeAuxContracts(chain, byName, aux, pairs);

    const { blockNumber, state } = await finishBuild(chain);
    return {
      state,
      manifest: {
        chainId: BASE_CHAIN_ID,
        blockNumber,
        tokens: { WETH: BASE.WETH, USDC: BASE.USDC, DAI: BASE.DAI, DEGEN: BASE.DEGEN },
        dex: { router: BASE.UNISWAP_V2_ROUTER, factory: BASE.UNISWAP_V2_FACTORY },
        pairs,
        contracts,
      },
    };
  } finally {
    await anvil.stop();
  }
}
