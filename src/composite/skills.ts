// Skills several composite references share: whole rounds (`script(approve, {...})`) and values a
// script reads when it runs (`read(latestLogValue, {...})`). Each is self-contained (see Skill): it
// uses only its context and arguments, so each writes its own few lines rather than calling another.
// No template literals: a skill without them is re-indented when it is written into a script.
import type { Address } from 'viem';
import { read, type SkillContext, type Step, type Tx } from './script.ts';

/**
 * One call of a contract function given by its signature, e.g.
 * `{ to: env.simple_reward_pool, signature: 'function withdraw(uint256)', args: [amount] }`.
 */
export function call(
  { ethers: { FunctionFragment, Interface } }: SkillContext,
  a: { to: Address; signature: string; args?: unknown[]; value?: bigint },
): Tx {
  const fn = FunctionFragment.from(a.signature);
  const data = new Interface([fn]).encodeFunctionData(fn, a.args ?? []);
  return a.value === undefined ? { to: a.to, data } : { to: a.to, data, value: a.value };
}

/** approve(spender, amount) on an ERC-20 token. */
export function approve(
  { viem: { encodeFunctionData, erc20Abi } }: SkillContext,
  a: { token: Address; spender: Address; amount: bigint },
): Tx {
  return { to: a.token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [a.spender, a.amount] }) };
}

/** transfer(to, amount) on an ERC-20 token. */
export function transferToken(
  { viem: { encodeFunctionData, erc20Abi } }: SkillContext,
  a: { token: Address; to: Address; amount: bigint },
): Tx {
  return { to: a.token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [a.to, a.amount] }) };
}

/** A plain BNB payment. */
export function sendBnb(_ctx: SkillContext, a: { to: Address; amount: bigint }): Tx {
  return { to: a.to, value: a.amount };
}

/** transferFrom(wallet, to, tokenId) on an ERC-721 collection. */
export function transferNft(
  { viem: { encodeFunctionData, erc721Abi }, agentAddress }: SkillContext,
  a: { nft: Address; to: Address; tokenId: bigint },
): Tx {
  return { to: a.nft, data: encodeFunctionData({ abi: erc721Abi, functionName: 'transferFrom', args: [agentAddress, a.to, a.tokenId] }) };
}

/** stake(amount) on a staking contract. */
export function stake({ viem: { encodeFunctionData, parseAbi } }: SkillContext, a: { pool: Address; amount: bigint }): Tx {
  return {
    to: a.pool,
    data: encodeFunctionData({ abi: parseAbi(['function stake(uint256 amount)']), functionName: 'stake', args: [a.amount] }),
  };
}

/** Wraps `amount` wei of BNB into WBNB with deposit(). */
export function wrap({ ethers: { Interface }, deployedContracts }: SkillContext, a: { amount: bigint }): Tx {
  const wbnb = new Interface(['function deposit() payable']);
  return { to: deployedContracts.WBNB, data: wbnb.encodeFunctionData('deposit'), value: a.amount };
}

/** Unwraps `amount` wei of WBNB with withdraw(). */
export function unwrap({ viem: { encodeFunctionData, parseAbi }, deployedContracts }: SkillContext, a: { amount: bigint }): Tx {
  return {
    to: deployedContracts.WBNB,
    data: encodeFunctionData({ abi: parseAbi(['function withdraw(uint256)']), functionName: 'withdraw', args: [a.amount] }),
  };
}

/**
 * Adds `amountA` of `tokenA` and `amountB` of `tokenB` through the router, each minimum `slippage` %
 * below its amount; deadline 20 minutes after the latest block.
 */
export async function addLiquidity(
  { viem: { createPublicClient, encodeFunctionData, http, parseAbi }, providerUrl, agentAddress, deployedContracts }: SkillContext,
  a: { tokenA: Address; tokenB: Address; amountA: bigint; amountB: bigint; slippage: number },
): Promise<Tx> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const keep = BigInt(100 - a.slippage);
  const { timestamp } = await client.getBlock();
  const abi = parseAbi(['function addLiquidity(address, address, uint256, uint256, uint256, uint256, address, uint256)']);
  const args = [
    a.tokenA,
    a.tokenB,
    a.amountA,
    a.amountB,
    (a.amountA * keep) / 100n,
    (a.amountB * keep) / 100n,
    agentAddress,
    timestamp + 1200n,
  ] as const;
  return { to: deployedContracts.router, data: encodeFunctionData({ abi, functionName: 'addLiquidity', args }) };
}

/** Withdraws `liquidity` of the tokenA/tokenB pair through the router, at least `minA` and `minB` back; deadline 20 minutes after the latest block. */
export async function removeLiquidity(
  { ethers: { Interface, JsonRpcProvider }, providerUrl, agentAddress, deployedContracts }: SkillContext,
  a: { tokenA: Address; tokenB: Address; liquidity: bigint; minA: bigint; minB: bigint },
): Promise<Tx> {
  const block = await new JsonRpcProvider(providerUrl).getBlock('latest');
  const router = new Interface(['function removeLiquidity(address,address,uint256,uint256,uint256,address,uint256)']);
  const data = router.encodeFunctionData('removeLiquidity', [
    a.tokenA,
    a.tokenB,
    a.liquidity,
    a.minA,
    a.minB,
    agentAddress,
    BigInt(block!.timestamp) + 1200n,
  ]);
  return { to: deployedContracts.router, data };
}

/**
 * Sells exactly `amountIn` along `path` with swapExactTokensForTokens, or swapExactTokensForETH when
 * `forBnb`; amountOutMin at the router's quote less `slippage` %, deadline 20 minutes after the latest block.
 */
export async function swapExactTokens(
  { viem: { createPublicClient, encodeFunctionData, http, parseAbi }, providerUrl, agentAddress, deployedContracts }: SkillContext,
  a: { amountIn: bigint; path: Address[]; slippage: number; forBnb?: boolean },
): Promise<Tx> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const router = parseAbi([
    'function getAmountsOut(uint256, address[]) view returns (uint256[])',
    'function swapExactTokensForTokens(uint256, uint256, address[], address, uint256)',
    'function swapExactTokensForETH(uint256, uint256, address[], address, uint256)',
  ]);
  const out = await client.readContract({
    address: deployedContracts.router,
    abi: router,
    functionName: 'getAmountsOut',
    args: [a.amountIn, a.path],
  });
  const min = (out[out.length - 1]! * BigInt(100 - a.slippage)) / 100n;
  const { timestamp } = await client.getBlock();
  const functionName = a.forBnb ? 'swapExactTokensForETH' : 'swapExactTokensForTokens';
  return {
    to: deployedContracts.router,
    data: encodeFunctionData({ abi: router, functionName, args: [a.amountIn, min, a.path, agentAddress, timestamp + 1200n] }),
  };
}

/**
 * Spends exactly `amount` wei of BNB along `path` (WBNB first) with swapExactETHForTokens; amountOutMin
 * at the router's quote less `slippage` %, deadline `deadline` seconds after the latest block.
 */
export async function swapExactBnb(
  { viem: { createPublicClient, encodeFunctionData, http, parseAbi }, providerUrl, agentAddress, deployedContracts }: SkillContext,
  a: { amount: bigint; path: Address[]; slippage: number; deadline: number },
): Promise<Tx> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi([
    'function getAmountsOut(uint256, address[]) view returns (uint256[])',
    'function swapExactETHForTokens(uint256, address[], address, uint256) payable returns (uint256[])',
  ]);
  const quote = await client.readContract({
    address: deployedContracts.router,
    abi,
    functionName: 'getAmountsOut',
    args: [a.amount, a.path],
  });
  const min = (quote[quote.length - 1]! * BigInt(100 - a.slippage)) / 100n;
  const { timestamp } = await client.getBlock();
  const data = encodeFunctionData({
    abi,
    functionName: 'swapExactETHForTokens',
    args: [min, a.path, agentAddress, timestamp + BigInt(a.deadline)],
  });
  return { to: deployedContracts.router, data, value: a.amount };
}

/** `amount` whole tokens (a decimal string) in the token's own decimals, read from the token (BSC's USDT has 18, Base's USDC 6). */
export async function tokenAmount(
  { viem: { createPublicClient, erc20Abi, http, parseUnits }, providerUrl }: SkillContext,
  a: { token: Address; amount: string },
): Promise<bigint> {
  const client = createPublicClient({ transport: http(providerUrl) });
  return parseUnits(a.amount, await client.readContract({ address: a.token, abi: erc20Abi, functionName: 'decimals' }));
}

/** The wallet's balance of an ERC-20 token. */
export async function balanceOf(
  { viem: { createPublicClient, erc20Abi, http }, providerUrl, agentAddress }: SkillContext,
  a: { token: Address },
): Promise<bigint> {
  const client = createPublicClient({ transport: http(providerUrl) });
  return client.readContract({ address: a.token, abi: erc20Abi, functionName: 'balanceOf', args: [agentAddress] });
}

/**
 * The value (the data word) of the latest log of `address` for `event` (its signature) whose indexed
 * arguments are `indexed` (addresses), in the last 20 blocks: e.g. what the latest Transfer of a token
 * from a pair to the wallet paid.
 */
export async function latestLogValue(
  { ethers: { JsonRpcProvider, id, zeroPadValue }, providerUrl }: SkillContext,
  a: { address: Address; event: string; indexed: Address[] },
): Promise<bigint> {
  const provider = new JsonRpcProvider(providerUrl);
  const head = await provider.getBlockNumber();
  const topics = [id(a.event), ...a.indexed.map((x) => zeroPadValue(x, 32))];
  const logs = await provider.getLogs({ address: a.address, topics, fromBlock: Math.max(0, head - 20), toBlock: head });
  if (!logs.length) throw new Error('no ' + a.event + ' log of ' + a.address + ' in the last 20 blocks');
  return BigInt(logs[logs.length - 1]!.data);
}

/** What the latest block's transactions paid the wallet in `token` (its Transfers to the wallet), or an error when nothing. */
export async function receivedInLatestBlock(
  { viem: { createPublicClient, erc20Abi, http, isAddressEqual, parseEventLogs }, providerUrl, agentAddress }: SkillContext,
  a: { token: Address },
): Promise<bigint> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const block = await client.getBlock({ blockTag: 'latest' });
  let received = 0n;
  for (const hash of block.transactions) {
    const receipt = await client.getTransactionReceipt({ hash });
    for (const ev of parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs })) {
      if (isAddressEqual(ev.address, a.token) && isAddressEqual(ev.args.to, agentAddress)) received += ev.args.value;
    }
  }
  if (received === 0n) throw new Error('the latest block paid the wallet none of ' + a.token);
  return received;
}

/** The amount of the latest Transfer of `token` from `from` to `to` in the last 20 blocks, as the script reads it: e.g. the LP a deposit minted (from the zero address). */
export const lastTransfer = (token: Address, from: Address, to: Address): Step<bigint> =>
  read(latestLogValue, { address: token, event: 'Transfer(address,address,uint256)', indexed: [from, to] });
