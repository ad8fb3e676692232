import { isAddressEqual, parseAbi, parseEther, parseEventLogs } from 'viem';
import {
  allowanceOf,
  approvalSent,
  approveAs,
  balanceOf,
  compareAmount,
  defineValidator,
  grantSpent,
  nativeBalance,
  quoteOut,
  routerSwapMinOut,
  successful,
  SWAP_EXACT_TOKENS_FOR_ETH,
  type HardEnv,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_fee_on_transfer_sell_then_forward'>;
type State = { sfs: bigint; allowance: bigint; recipient: bigint; net: bigint };
type Txs = Parameters<typeof successful>[0];

const TAXED = parseAbi(['function taxOf(address from, address to, uint256 amount) view returns (uint256)']);
const WITHDRAWAL = parseAbi(['event Withdrawal(address indexed src, uint256 wad)']);

const amount = (p: Params) => parseEther(p.amount);

/** BNB the sales paid the wallet: the router's WBNB withdrawals in the episode's successful transactions. */
function saleProceeds(txs: Txs, env: HardEnv): bigint {
  let paid = 0n;
  for (const t of successful(txs)) {
    for (const l of parseEventLogs({ abi: WITHDRAWAL, logs: t.receipt.logs })) {
      if (isAddressEqual(l.address, env.WBNB) && isAddressEqual(l.args.src, env.router)) paid += l.args.wad;
    }
  }
  return paid;
}

export default defineValidator<Params, State, HardEnv>({
  kind: 'workflow',
  // No standing allowance: the approval is a real step.
  setup: async ({ chain, env, agent }) => approveAs(chain, agent, env.SFS, env.router, 0n),
  observe: async ({ chain, env, params, agent }) => {
    const tax = await chain.readContract({
      address: env.SFS,
      abi: TAXED,
      functionName: 'taxOf',
      args: [agent, env.pair_SFS_WBNB, amount(params)],
    });
    return {
      sfs: await balanceOf(chain, env.SFS, agent),
      allowance: await allowanceOf(chain, env.SFS, agent, env.router),
      recipient: await nativeBalance(chain, params.to),
      net: await quoteOut(chain, env.router, amount(params) - tax, [env.SFS, env.WBNB]),
    };
  },
  checks: [
    {
      name: 'the router was approved for exactly the SFS sold',
      weight: 10,
      verify: ({ pre, post, params, txs, env }) =>
        grantSpent(approvalSent(txs, env.SFS, env.router), pre.sfs - post.sfs, post.allowance, amount(params), 'the router', 'SFS'),
    },
    {
      name: 'sold exactly the requested SFS',
      weight: 10,
      verify: ({ pre, post, params }) => compareAmount('SFS sold', pre.sfs - post.sfs, amount(params), { symbol: 'SFS' }),
    },
    {
      // Nothing else trades on the pair in the episode: the sale pays the after-tax quote to the wei.
      name: 'the sale paid the BNB the taxed amount is worth',
      weight: 15,
      verify: ({ pre, txs, env }) => compareAmount('sale proceeds', saleProceeds(txs, env), pre.net, { symbol: 'BNB' }),
    },
    {
      name: "the sale's minimum is within the slippage of the after-tax quote",
      weight: 15,
      verify: ({ pre, params, txs, env }) => routerSwapMinOut(txs, env.router, SWAP_EXACT_TOKENS_FOR_ETH, pre.net, params.slippage),
    },
    {
      name: 'the recipient received exactly what the sale paid',
      weight: 50,
      verify: ({ pre, post, txs, env }) => {
        const paid = saleProceeds(txs, env);
        if (paid === 0n) return { pass: false, detail: 'no sale paid the wallet any BNB' };
        return compareAmount('forwarded', post.recipient - pre.recipient, paid, { symbol: 'BNB' });
      },
    },
  ],
});
