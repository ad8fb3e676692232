// The PancakeSwap V2 build: source edits fail loudly when they do not match, and the committed mirror
// carries exactly what src/chain/pancake-v2.ts compiles today (so a changed edit without
// `npm run build:fixtures` is a red test, not a silently stale mirror).
import { encodeDeployData, getContractAddress, keccak256, encodePacked, type Abi, type Address, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BSC, DEPLOYER } from '../src/chain/addresses.ts';
import { startAnvil, type RunningAnvil } from '../src/chain/anvil.ts';
import { loadMirrorManifest, MIRROR_STATE } from '../src/chain/mirror-files.ts';
import { applySourceEdits, buildPancakeV2, type CompiledContract, type PancakeV2Build } from '../src/chain/pancake-v2.ts';
import { chainClients, type ChainClients } from '../src/chain/rpc.ts';

describe('source edits', () => {
  const edit = { file: 'contracts/X.sol', find: 'mul(997)', replace: 'mul(9975)', count: 1 };
  test('an edit that matches its expected count is applied', () => {
    expect(applySourceEdits('pkg/contracts/X.sol', 'a.mul(997);', [edit])).toBe('a.mul(9975);');
  });
  test('an edit that matches too few or too many times fails the build, naming the file and the text', () => {
    expect(() => applySourceEdits('pkg/contracts/X.sol', 'a.mul(1000);', [edit])).toThrow(
      /edit failed in pkg\/contracts\/X\.sol: expected 1 occurrence\(s\) of "mul\(997\)", found 0/,
    );
    expect(() => applySourceEdits('pkg/contracts/X.sol', 'a.mul(997); b.mul(997);', [edit])).toThrow(/found 2/);
  });
});

describe('the committed mirror matches the current PancakeSwap V2 build', () => {
  let dex: PancakeV2Build;
  let node: RunningAnvil;
  let chain: ChainClients;
  beforeAll(async () => {
    dex = buildPancakeV2();
    node = await startAnvil({ chainId: 56, loadState: MIRROR_STATE });
    chain = chainClients(node.url);
  }, 120_000);
  afterAll(async () => {
    await node?.stop();
  });

  /** The runtime code `artifact`'s constructor returns, without deploying anything. */
  async function runtimeOf(artifact: CompiledContract, args: readonly unknown[] = []): Promise<Hex> {
    const data = encodeDeployData({ abi: artifact.abi as Abi, bytecode: artifact.bytecode, args: args as never });
    return chain.request<Hex>('eth_call', [{ data, gas: '0x1c9c380' }, 'latest']);
  }

  test('factory, router and every pair carry the compiled code', async () => {
    expect(await chain.public.getCode({ address: BSC.PANCAKE_FACTORY })).toBe(await runtimeOf(dex.factory, [DEPLOYER]));
    expect(await chain.public.getCode({ address: BSC.PANCAKE_ROUTER })).toBe(await runtimeOf(dex.router, [BSC.PANCAKE_FACTORY, BSC.WBNB]));
    const pairCode = await runtimeOf(dex.pair);
    for (const [key, pair] of Object.entries(loadMirrorManifest().pairs))
      expect(await chain.public.getCode({ address: pair }), key).toBe(pairCode);
  });

  test('pairs sit at the CREATE2 addresses the init code hash gives', () => {
    const { pairs, tokens } = loadMirrorManifest();
    for (const [key, pair] of Object.entries(pairs)) {
      const [a, b] = key.split('_').map((s) => tokens[s]! as Address) as [Address, Address];
      const [t0, t1] = BigInt(a) < BigInt(b) ? [a, b] : [b, a];
      const derived = getContractAddress({
        opcode: 'CREATE2',
        from: BSC.PANCAKE_FACTORY,
        salt: keccak256(encodePacked(['address', 'address'], [t0, t1])),
        bytecodeHash: dex.initCodeHash,
      });
      expect(derived, key).toBe(pair);
    }
  });
});
