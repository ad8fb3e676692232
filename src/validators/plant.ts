// Harness-side setup: ways to plant per-instance ground truth with real transactions (admin access;
// never reachable from scripts).
import { encodeFunctionData, erc20Abi, parseAbi, parseEther, type Address } from 'viem';
import { DEPLOYER } from '../chain/addresses.ts';
import { sendAs } from '../chain/impersonate.ts';
import { placeContract } from '../chain/place-contract.ts';
import type { ChainClients } from '../chain/rpc.ts';
import { setTokenBalance } from '../chain/token-balance.ts';
import { byRole, type EnvMap } from '../tasks/address-map.ts';
import { STAKING } from './staking.ts';

// The calls setup sends: issuing tokens, wrapping BNB and syncing a pair's reserves.
const PLANT = parseAbi([
  'function owner() view returns (address)',
  'function mint(address to, uint256 amount)',
  'function deposit() payable',
  'function sync()',
]);

/** `owner` approves `spender` for `amount` of `token` (0 revokes a standing allowance). */
export const approveAs = (chain: ChainClients, owner: Address, token: Address, spender: Address, amount: bigint) =>
  sendAs(chain, owner, token, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] }));

/** `who` stakes `amount` in a fixture staking contract (which pulls it with its allowance). */
export const stakeAs = (chain: ChainClients, who: Address, pool: Address, amount: bigint) =>
  sendAs(chain, who, pool, encodeFunctionData({ abi: STAKING, functionName: 'stake', args: [amount] }));

/** `who` wraps `amount` of its BNB with WBNB.deposit(). */
export const wrapAs = (chain: ChainClients, who: Address, wbnb: Address, amount: bigint) =>
  sendAs(chain, who, wbnb, encodeFunctionData({ abi: PLANT, functionName: 'deposit' }), amount);

/**
 * Issues `amount` of `token` to `holder`: minted by the token's owner, or for WBNB (whose supply is
 * its BNB balance) deposited by the holder, the only consistent way to move it.
 */
export async function issueTokens(chain: ChainClients, env: EnvMap, token: Address, holder: Address, amount: bigint): Promise<void> {
  if (token === byRole(env, 'wrappedNative')) {
    await chain.test.setBalance({ address: holder, value: amount + parseEther('1') });
    await wrapAs(chain, holder, token, amount);
    return;
  }
  const owner = await chain.public.readContract({ address: token, abi: PLANT, functionName: 'owner' });
  await sendAs(chain, owner, token, encodeFunctionData({ abi: PLANT, functionName: 'mint', args: [holder, amount] }));
}

/** Gives a pair these token balances and syncs its reserves to them. */
export async function setPairBalances(chain: ChainClients, pair: Address, balances: readonly [Address, bigint][]): Promise<void> {
  for (const [token, amount] of balances) await setTokenBalance(chain, token, pair, amount);
  await sendAs(chain, DEPLOYER, pair, encodeFunctionData({ abi: PLANT, functionName: 'sync' }));
}

/**
 * Puts a task's own contract on the chain at a fixed address, from its compiled artifact (ABI and
 * creation bytecode, e.g. solc or Foundry output): deployed for real, so the constructor runs, then
 * moved to `at`. Call it in `setup`; the chain reverts after every instance, so it is placed afresh.
 */
export async function deployContract(
  chain: ChainClients,
  artifact: { abi: readonly unknown[]; bytecode: `0x${string}` },
  at: Address,
  args: readonly unknown[] = [],
): Promise<void> {
  await chain.test.impersonateAccount({ address: DEPLOYER });
  try {
    await chain.test.setBalance({ address: DEPLOYER, value: parseEther('1000') });
    await placeContract(chain, DEPLOYER, at, artifact, args);
  } finally {
    await chain.test.stopImpersonatingAccount({ address: DEPLOYER });
  }
}
