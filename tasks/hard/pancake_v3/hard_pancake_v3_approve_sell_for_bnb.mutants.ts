import { parseUnits, type Address } from 'viem';
import {
  approve,
  script,
  submit,
  type SkillContext,
  type Tx,
  type ScriptRound,
  type HardContracts,
} from '../../../src/composite/reference.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';

/**
 * A V3 sale for BNB the way habits write it: a fixed `fee`, the swap paid to the wallet (`toWallet`)
 * and an unwrapWETH9 or not; minimum at the quoter's quote for that tier less `slippage` %.
 */
async function habitualV3Sale(
  {
    viem: { createPublicClient, encodeFunctionData, http, parseAbi },
    providerUrl,
    agentAddress,
    deployedContracts,
  }: SkillContext<HardContracts>,
  a: { token: Address; amountIn: bigint; slippage: number; fee: number; toWallet: boolean; unwrap: boolean },
): Promise<Tx> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const quoter = parseAbi([
    'function quoteExactInputSingle((address tokenIn, address tokenOut, uint256 amountIn, uint24 fee, uint160 sqrtPriceLimitX96)) returns (uint256, uint160, uint32, uint256)',
  ]);
  const router = parseAbi([
    'function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96)) payable returns (uint256)',
    'function unwrapWETH9(uint256 amountMinimum, address recipient) payable',
    'function multicall(bytes[] data) payable returns (bytes[])',
  ]);
  const single = { tokenIn: a.token, tokenOut: deployedContracts.WBNB, fee: a.fee };
  let minimum = 0n;
  try {
    const { result } = await client.simulateContract({
      address: deployedContracts.v3_quoter,
      abi: quoter,
      functionName: 'quoteExactInputSingle',
      args: [{ ...single, amountIn: a.amountIn, sqrtPriceLimitX96: 0n }],
    });
    minimum = (result[0] * BigInt(100 - a.slippage)) / 100n;
  } catch {
    // No quote for that tier: the habit sends the swap anyway.
  }
  const routerAddress = deployedContracts.v3_swap_router;
  const deadline = (await client.getBlock()).timestamp + 1200n;
  const swap = encodeFunctionData({
    abi: router,
    functionName: 'exactInputSingle',
    args: [
      {
        ...single,
        recipient: a.toWallet ? agentAddress : routerAddress,
        deadline,
        amountIn: a.amountIn,
        amountOutMinimum: minimum,
        sqrtPriceLimitX96: 0n,
      },
    ],
  });
  if (!a.unwrap) return { to: routerAddress, data: swap };
  const unwrap = encodeFunctionData({ abi: router, functionName: 'unwrapWETH9', args: [minimum, agentAddress] });
  return { to: routerAddress, data: encodeFunctionData({ abi: router, functionName: 'multicall', args: [[swap, unwrap]] }) };
}

const sellWithHabit =
  (habit: (p: Record<string, any>) => { fee: number; toWallet: boolean; unwrap: boolean }) =>
  (p: Record<string, any>, env: Record<string, any>) => {
    const amountIn = parseUnits(p.sale.amount, p.sale.decimals);
    return {
      plan: 'approve, then sell for BNB',
      rounds: [
        script(approve, { token: p.sale.address, spender: env.v3_swap_router, amount: amountIn }),
        script(habitualV3Sale, { token: p.sale.address, amountIn, slippage: p.slippage, ...habit(p) }),
        submit(),
      ],
    };
  };

export const mutants: HardMutant<ScriptRound>[] = [
  { kind: 'wrong_fee_tier', name: "Uniswap's 3000 tier", episode: sellWithHabit(() => ({ fee: 3000, toWallet: false, unwrap: true })) },
  {
    kind: 'wrong_function',
    mechanism: { fails: ["the wallet received the deepest pool's quote in native BNB", 'no WBNB was left in the wallet instead of BNB'] },
    name: 'swaps to the wallet and stops there: WBNB, not BNB',
    episode: sellWithHabit((p) => ({ fee: p.sale.symbol === 'FLOKI' ? 10000 : 2500, toWallet: true, unwrap: false })),
  },
  {
    kind: 'wrong_recipient',
    name: 'pays the swap to the wallet, then unwraps from an empty router',
    episode: sellWithHabit((p) => ({ fee: p.sale.symbol === 'FLOKI' ? 10000 : 2500, toWallet: true, unwrap: true })),
  },
];
