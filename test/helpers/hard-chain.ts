import {
  encodeFunctionData,
  maxUint256,
  parseAbi,
  parseEther,
  type Abi,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import { BSC, namedAddress } from '../../src/chain/addresses.ts';
import { startAnvil, type RunningAnvil } from '../../src/chain/anvil.ts';
import { HARD_TOKEN_ABI } from '../../src/chain/hard-abis.ts';
import { HARD_STATE, loadHardManifest, type HardManifest } from '../../src/chain/hard-manifest.ts';
import { approveAs, mintHardToken } from '../../src/chain/hard-tokens-place.ts';
import { HARD_TOKENS } from '../../src/chain/hard-spec.ts';
import { startChainClock } from '../../src/chain/chain-clock.ts';
import { chainClients, type ChainClients } from '../../src/chain/rpc.ts';
import { setTokenBalance } from '../../src/chain/token-balance.ts';

export const DEADLINE = 4_000_000_000n;

/** A hard-state anvil shared by a test file, reverted to its start between tests. */
export interface HardChain {
  node: RunningAnvil;
  chain: ChainClients;
  manifest: HardManifest;
  /** Sends a call as `from` (impersonated) and returns the receipt, whatever its status. */
  send<const abi extends Abi, name extends ContractFunctionName<abi, 'nonpayable' | 'payable'>>(
    from: Address,
    to: Address,
    abi: abi,
    functionName: name,
    args: ContractFunctionArgs<abi, 'nonpayable' | 'payable', name>,
    value?: bigint,
  ): Promise<TransactionReceipt>;
  /** A fresh account with BNB and, optionally, tokens by key (whole-token amounts already scaled). */
  account(name: string, tokens?: Record<string, bigint>): Promise<Address>;
  balanceOf(token: Address, owner: Address): Promise<bigint>;
  reset(): Promise<void>;
  close(): Promise<void>;
}

export async function openHardChain(loadState = HARD_STATE): Promise<HardChain> {
  const manifest = loadHardManifest();
  const node = await startAnvil({ chainId: 56, loadState });
  const chain = chainClients(node.url);
  await startChainClock(chain);
  let snapshot = await chain.request<Hex>('evm_snapshot');
  const send: HardChain['send'] = async (from, to, abi, functionName, args, value = 0n) => {
    const data = encodeFunctionData({ abi, functionName, args } as never);
    await chain.test.impersonateAccount({ address: from });
    try {
      const r = await chain.request<{ transactionHash: Hex }>('eth_sendTransactionSync', [
        { from, to, data, value: `0x${value.toString(16)}`, gas: '0x7a1200' },
      ]);
      return chain.public.getTransactionReceipt({ hash: r.transactionHash });
    } finally {
      await chain.test.stopImpersonatingAccount({ address: from });
    }
  };
  const balanceOf = (token: Address, owner: Address) =>
    chain.public.readContract({ address: token, abi: HARD_TOKEN_ABI, functionName: 'balanceOf', args: [owner] });
  return {
    node,
    chain,
    manifest,
    send,
    balanceOf,
    async account(name, tokens = {}) {
      const who = namedAddress(`test/${name}`);
      await chain.test.setBalance({ address: who, value: parseEther('10000') });
      for (const [key, amount] of Object.entries(tokens)) {
        if (key === 'WBNB') {
          await send(who, BSC.WBNB, parseAbi(['function deposit() payable']), 'deposit', [], amount);
        } else if (HARD_TOKENS.some((t) => t.key === key)) {
          await mintHardToken(chain, key, who, amount);
        } else {
          const token = manifest.tokens[key] ?? (key as Address);
          await setTokenBalance(chain, token, who, amount);
        }
      }
      return who;
    },
    async reset() {
      await chain.request('evm_revert', [snapshot]);
      snapshot = await chain.request<Hex>('evm_snapshot');
    },
    async close() {
      await node.stop();
    },
  };
}

/** Approves `spender` for everything `owner` holds of each token. */
export async function approveAll(chain: ChainClients, owner: Address, spender: Address, tokens: Address[]): Promise<void> {
  for (const t of tokens) await approveAs(chain, owner, t, spender, maxUint256);
}
