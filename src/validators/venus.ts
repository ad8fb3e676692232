// Venus readers and planters for hard-split validators: an account's position in a market, the borrow
// limit as the comptroller checks it, membership, oracle prices, and the Failure events that Compound-style
// calls emit in a successful receipt that changed nothing.
import { encodeFunctionData, parseEventLogs, type Address, type PublicClient, type TransactionReceipt } from 'viem';
import { LENDING_ORACLE_ABI, VBNB_ABI, VENUS_COMPTROLLER_ABI, VTOKEN_ABI } from '../chain/hard-abis.ts';
import { sendAs } from '../chain/impersonate.ts';
import type { ChainClients } from '../chain/rpc.ts';
import { byRole, type EnvMap } from '../tasks/address-map.ts';

export { LENDING_ORACLE_ABI, VBNB_ABI, VENUS_COMPTROLLER_ABI, VTOKEN_ABI } from '../chain/hard-abis.ts';

const WAD = 10n ** 18n;

/** An account in one market, from `getAccountSnapshot` (stored values: fresh right after a transaction that accrued). */
export interface VenusPosition {
  vTokens: bigint;
  borrow: bigint;
  rate: bigint;
  /** Underlying supplied: vTokens × exchange rate / 1e18. */
  supplied: bigint;
}

export async function venusPosition(chain: PublicClient, vToken: Address, account: Address): Promise<VenusPosition> {
  const [, vTokens, borrow, rate] = await chain.readContract({
    address: vToken,
    abi: VTOKEN_ABI,
    functionName: 'getAccountSnapshot',
    args: [account],
  });
  return { vTokens, borrow, rate, supplied: (vTokens * rate) / WAD };
}

/** The borrow limit left, in USD × 1e18, as borrow and redeem are checked (collateral factors, not liquidation thresholds). */
export async function borrowLiquidity(
  chain: PublicClient,
  comptroller: Address,
  account: Address,
): Promise<{ liquidity: bigint; shortfall: bigint }> {
  const [, liquidity, shortfall] = await chain.readContract({
    address: comptroller,
    abi: VENUS_COMPTROLLER_ABI,
    functionName: 'getHypotheticalAccountLiquidity',
    args: [account, '0x0000000000000000000000000000000000000000', 0n, 0n],
  });
  return { liquidity, shortfall };
}

export const isMember = (chain: PublicClient, comptroller: Address, account: Address, vToken: Address) =>
  chain.readContract({ address: comptroller, abi: VENUS_COMPTROLLER_ABI, functionName: 'checkMembership', args: [account, vToken] });

/** USD per whole underlying × 1e(36 − underlying decimals). */
export const underlyingPrice = (chain: PublicClient, oracle: Address, vToken: Address) =>
  chain.readContract({ address: oracle, abi: LENDING_ORACLE_ABI, functionName: 'getUnderlyingPrice', args: [vToken] });

/** The Failure(err, info, detail) events a receipt carries: a Compound-style rejection in a status-1 receipt. */
export const venusFailures = (receipt: TransactionReceipt) =>
  parseEventLogs({ abi: VTOKEN_ABI, eventName: 'Failure', logs: receipt.logs }).map((l) => l.args);

/** Setup: `account` supplies `amount` of a BEP-20 market's underlying (it must hold and may approve it). */
export async function supplyAs(chain: ChainClients, account: Address, vToken: Address, underlying: Address, amount: bigint): Promise<void> {
  await sendAs(chain, account, underlying, encodeApprove(vToken, amount));
  await sendAs(chain, account, vToken, encodeFunctionData({ abi: VTOKEN_ABI, functionName: 'mint', args: [amount] }));
}

const encodeApprove = (spender: Address, amount: bigint) =>
  encodeFunctionData({
    abi: [
      {
        type: 'function',
        name: 'approve',
        stateMutability: 'nonpayable',
        inputs: [{ type: 'address' }, { type: 'uint256' }],
        outputs: [{ type: 'bool' }],
      },
    ],
    functionName: 'approve',
    args: [spender, amount],
  });

/** Setup: `account` enters markets as collateral. */
export const enterMarketsAs = (chain: ChainClients, account: Address, env: EnvMap, vTokens: Address[]) =>
  sendAs(
    chain,
    account,
    byRole(env, 'lendingComptroller'),
    encodeFunctionData({ abi: VENUS_COMPTROLLER_ABI, functionName: 'enterMarkets', args: [vTokens] }),
  );

/** Setup: `account` borrows `amount` of a market's underlying (vBNB included). */
export const borrowAs = (chain: ChainClients, account: Address, vToken: Address, amount: bigint) =>
  sendAs(chain, account, vToken, encodeFunctionData({ abi: VBNB_ABI, functionName: 'borrow', args: [amount] }));

/**
 * The account's supplied value in the markets it entered and its debt in every market, in USD × 1e18 at the
 * oracle's prices, unweighted by collateral factors (what "a collateral ratio" of C / D means to an owner).
 */
export async function collateralAndDebt(chain: PublicClient, env: EnvMap, account: Address): Promise<{ collateral: bigint; debt: bigint }> {
  const entered = await chain.readContract({
    address: byRole(env, 'lendingComptroller'),
    abi: VENUS_COMPTROLLER_ABI,
    functionName: 'getAssetsIn',
    args: [account],
  });
  const markets = await chain.readContract({
    address: byRole(env, 'lendingComptroller'),
    abi: VENUS_COMPTROLLER_ABI,
    functionName: 'getAllMarkets',
  });
  let collateral = 0n;
  let debt = 0n;
  for (const m of markets) {
    const [p, price] = await Promise.all([venusPosition(chain, m, account), underlyingPrice(chain, byRole(env, 'lendingOracle'), m)]);
    if (entered.some((e) => e.toLowerCase() === m.toLowerCase())) collateral += (p.supplied * price) / WAD;
    debt += (p.borrow * price) / WAD;
  }
  return { collateral, debt };
}
