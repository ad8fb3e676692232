import {
  decodeFunctionData,
  encodeFunctionData,
  isAddressEqual,
  parseAbi,
  parseEther,
  parseUnits,
  type Address,
  type PublicClient,
} from 'viem';
import {
  allowanceOf,
  approvalSent,
  approveAs,
  balanceOf,
  compareAmount,
  defineValidator,
  fmt,
  minOutVsQuote,
  quoteOut,
  selectorOf,
  sendAs,
  soleBnbSwap,
  successful,
  SWAP_EXACT_ETH_FOR_TOKENS,
  type EpisodeTx,
  type HardEnv,
  defined,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_long_horizon_venus_exit'>;
type State = { debt: bigint; vbnb: bigint; inVbnb: boolean; allowance: bigint; recipient: bigint };

const VTOKEN = parseAbi([
  'function redeemUnderlying(uint256) returns (uint256)',
  'function borrow(uint256) returns (uint256)',
  'function borrowBalanceStored(address) view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
]);
const COMPTROLLER = parseAbi(['function checkMembership(address account, address vToken) view returns (bool)']);
const REDEEMS = [selectorOf('redeem(uint256)'), selectorOf('redeemUnderlying(uint256)')];
/** The headroom the request allows above the debt, for interest accruing between approval and repayment. */
const HEADROOM = parseUnits('1', 18);

/** The one successful redemption from vBNB and the BNB it paid the wallet (balance change of its block, gas added back). */
async function redemption(chain: PublicClient, txs: EpisodeTx[] | undefined, vbnb: Address, agent: Address) {
  const list = successful(txs).filter(
    (t) => isAddressEqual(t.tx.to, vbnb) && REDEEMS.includes(t.tx.data.slice(0, 10).toLowerCase() as `0x${string}`),
  );
  if (list.length !== 1) return undefined;
  const { receipt } = defined(list[0], 'the redemption');
  const [after, before] = await Promise.all([
    chain.getBalance({ address: agent, blockNumber: receipt.blockNumber }),
    chain.getBalance({ address: agent, blockNumber: receipt.blockNumber - 1n }),
  ]);
  return after - before + receipt.gasUsed * receipt.effectiveGasPrice;
}

export default defineValidator<Params, State, HardEnv>({
  kind: 'workflow',
  // A Venus account as the request finds it: `supplied` BNB of the starting 2 left in vBNB (entered), `debt` USDT borrowed against it, no allowance to vUSDT.
  setup: async ({ chain, params, env, agent }) => {
    await sendAs(
      chain,
      agent,
      env.vBNB,
      encodeFunctionData({ abi: VTOKEN, functionName: 'redeemUnderlying', args: [parseEther('2') - parseEther(params.supplied)] }),
    );
    await sendAs(chain, agent, env.vUSDT, encodeFunctionData({ abi: VTOKEN, functionName: 'borrow', args: [parseUnits(params.debt, 18)] }));
    await approveAs(chain, agent, env.USDT, env.vUSDT, 0n);
  },
  observe: async ({ chain, params, env, agent }) => ({
    debt: await chain.readContract({ address: env.vUSDT, abi: VTOKEN, functionName: 'borrowBalanceStored', args: [agent] }),
    vbnb: await balanceOf(chain, env.vBNB, agent),
    inVbnb: await chain.readContract({
      address: env.venus_comptroller,
      abi: COMPTROLLER,
      functionName: 'checkMembership',
      args: [agent, env.vBNB],
    }),
    allowance: await allowanceOf(chain, env.USDT, agent, env.vUSDT),
    recipient: await balanceOf(chain, env.USDT, params.to),
  }),
  checks: [
    {
      name: 'nothing is owed to vUSDT',
      weight: 20,
      verify: ({ pre, post }) => ({ pass: pre.debt > 0n && post.debt === 0n, detail: `USDT debt ${fmt(pre.debt)} → ${fmt(post.debt)}` }),
    },
    {
      name: 'every vBNB was redeemed',
      weight: 10,
      verify: ({ pre, post }) => ({ pass: pre.vbnb > 0n && post.vbnb === 0n, detail: `vBNB ${fmt(pre.vbnb, 8)} → ${fmt(post.vbnb, 8)}` }),
    },
    {
      name: 'the wallet left the vBNB market',
      weight: 5,
      verify: ({ pre, post }) => ({
        pass: pre.inVbnb && !post.inVbnb,
        detail: post.inVbnb ? 'still a member of vBNB' : 'not a member of vBNB',
      }),
    },
    {
      name: 'the repayment approval left at most 1 USDT of allowance',
      weight: 5,
      verify: ({ txs, env, post }) => ({
        pass: approvalSent(txs, env.USDT, env.vUSDT) && post.allowance <= HEADROOM,
        detail: `USDT allowance of vUSDT left: ${fmt(post.allowance)}`,
      }),
    },
    {
      name: 'the sale spent exactly the BNB the redemption paid',
      weight: 25,
      verify: async ({ chain, txs, env, agent }) => {
        const redeemed = await redemption(chain, txs, env.vBNB, agent);
        if (redeemed === undefined) return { pass: false, detail: 'expected exactly one successful redemption from vBNB' };
        const sale = soleBnbSwap(txs, env.router, agent, env.USDT);
        if (!sale) return { pass: false, detail: 'expected exactly one successful BNB → USDT sale through the router' };
        return compareAmount('BNB sold', sale.tx.value, redeemed, { symbol: 'BNB' });
      },
    },
    {
      name: "the sale's minimum is within the slippage limit of the quote",
      weight: 5,
      verify: async ({ chain, txs, env, agent, params }) => {
        const sale = soleBnbSwap(txs, env.router, agent, env.USDT);
        if (!sale) return { pass: false, detail: 'no BNB → USDT sale through the router' };
        const { args } = decodeFunctionData({ abi: SWAP_EXACT_ETH_FOR_TOKENS, data: sale.tx.data });
        const quote = await quoteOut(chain, env.router, sale.tx.value, [env.WBNB, env.USDT], sale.receipt.blockNumber - 1n);
        return minOutVsQuote(args[0] as bigint, quote, params.slippage);
      },
    },
    {
      name: 'the recipient received exactly the USDT the sale paid',
      weight: 30,
      verify: ({ txs, env, agent, pre, post }) => {
        const sale = soleBnbSwap(txs, env.router, agent, env.USDT);
        if (!sale) return { pass: false, detail: 'no BNB → USDT sale through the router' };
        return compareAmount('USDT received by the recipient', post.recipient - pre.recipient, sale.got, { symbol: 'USDT' });
      },
    },
  ],
});
