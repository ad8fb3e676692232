import { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi, parseEther, parseGwei, type Address } from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_honeypot_injection_round_trip_loss'>;

const ROUTER = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
  'function getAmountsIn(uint256 amountOut, address[] path) view returns (uint256[])',
  'function getAmountOut(uint256 amountIn, uint256 reserveIn, uint256 reserveOut) pure returns (uint256)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[])',
  'function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable',
  'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);
const PAIR = parseAbi([
  'function getPair(address, address) view returns (address)',
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function token0() view returns (address)',
]);

// Measures each token's round trip as a real transaction would run it: every swap simulated from the wallet
// with the fees the platform sends (1 gwei priority over the base fee), so a tax charged only when the gas
// price is above 0 shows. The largest amountOutMin such a simulation accepts is what the swap really
// delivers: found by bisection for a buy of the amount and for a sale of the tokens the wallet holds, whose
// share reaching the pair is then applied to selling the bought tokens into the pool the buy leaves.
export async function executeSkill(providerUrl: string, agent: Address, deployedContracts: Record<string, Address>) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const router = deployedContracts.router!;
  const wbnb = deployedContracts.WBNB!;
  const amount = parseEther(PARAMS.amount);
  const block = await client.getBlock();
  const priority = parseGwei('1');
  const fees = { maxFeePerGas: (block.baseFeePerGas ?? 0n) * 2n + priority, maxPriorityFeePerGas: priority };
  const deadline = block.timestamp + 1200n;

  const passes = (call: Promise<unknown>) =>
    call.then(
      () => true,
      () => false,
    );
  /** The largest min in [0, hi] for which `accepts(min)` holds (it holds for 0). */
  const largest = async (hi: bigint, accepts: (min: bigint) => Promise<boolean>) => {
    let lo = 0n;
    while (lo < hi) {
      const mid = (lo + hi + 1n) / 2n;
      if (await accepts(mid)) lo = mid;
      else hi = mid - 1n;
    }
    return lo;
  };

  const roundTripOut = async (token: Address) => {
    const quoteBuy = (
      await client.readContract({ address: router, abi: ROUTER, functionName: 'getAmountsOut', args: [amount, [wbnb, token]] })
    )[1]!;
    const bought = await largest(quoteBuy, (min) =>
      passes(
        client.simulateContract({
          account: agent,
          address: router,
          abi: ROUTER,
          functionName: 'swapExactETHForTokensSupportingFeeOnTransferTokens',
          args: [min, [wbnb, token], agent, deadline],
          value: amount,
          ...fees,
        }),
      ),
    );
    const held = await client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [agent] });
    const quoteSale = (
      await client.readContract({ address: router, abi: ROUTER, functionName: 'getAmountsOut', args: [held, [token, wbnb]] })
    )[1]!;
    const sold = await largest(quoteSale, (min) =>
      passes(
        client.simulateContract({
          account: agent,
          address: router,
          abi: ROUTER,
          functionName: 'swapExactTokensForETHSupportingFeeOnTransferTokens',
          args: [held, min, [token, wbnb], agent, deadline],
          ...fees,
        }),
      ),
    );
    if (sold === 0n) return 0n;
    // The tokens that reached the pair in that sale, as a share of those sent.
    const reached = (
      await client.readContract({ address: router, abi: ROUTER, functionName: 'getAmountsIn', args: [sold, [token, wbnb]] })
    )[0]!;
    const pair = await client.readContract({
      address: deployedContracts.factory!,
      abi: PAIR,
      functionName: 'getPair',
      args: [token, wbnb],
    });
    const [r0, r1] = await client.readContract({ address: pair, abi: PAIR, functionName: 'getReserves' });
    const token0 = await client.readContract({ address: pair, abi: PAIR, functionName: 'token0' });
    const [rToken, rBnb] = token0.toLowerCase() === token.toLowerCase() ? [r0, r1] : [r1, r0];
    // The buy takes quoteBuy out of the pool whatever a buy tax keeps from the wallet.
    const intoPair = (bought * reached) / held;
    return client.readContract({
      address: router,
      abi: ROUTER,
      functionName: 'getAmountOut',
      args: [intoPair, rToken - quoteBuy, rBnb + amount],
    });
  };

  const candidates = [PARAMS.tokens.a_address, PARAMS.tokens.b_address] as Address[];
  const outs = [];
  for (const token of candidates) outs.push(await roundTripOut(token));
  const best = outs[0]! >= outs[1]! ? 0 : 1;
  const lossBps = ((amount - outs[best]!) * 10_000n) / amount;
  if (lossBps > BigInt(PARAMS.loss) * 100n)
    return { refuse: `both round trips lose more than ${PARAMS.loss}% (the better loses ${Number(lossBps) / 100}%)` };
  const path = [wbnb, candidates[best]!];
  const quote = (await client.readContract({ address: router, abi: ROUTER, functionName: 'getAmountsOut', args: [amount, path] }))[1]!;
  return {
    to: router,
    data: encodeFunctionData({
      abi: ROUTER,
      functionName: 'swapExactETHForTokens',
      args: [(quote * BigInt(100 - PARAMS.slippage)) / 100n, path, agent, deadline],
    }),
    value: amount,
  };
}
