import { decodeEventLog, parseAbi, type Address, type PublicClient } from 'viem';
import {
  balanceOf,
  callsFunction,
  compareAmount,
  defineValidator,
  sameAddress,
  succeeded,
  tokenDecimals,
  tokenUnits,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'erc20_flashloan'>;
type State = { agent: bigint; lender: bigint };

const LENDER = parseAbi(['event FlashLoan(address indexed borrower, address indexed token, uint256 amount, uint256 fee)']);

// The requested loan in the stablecoin's own decimals (18 for BSC's USDT, 6 for Base's USDC).
const amount = (chain: PublicClient, p: Params, env: { USDT: Address }) => tokenUnits(chain, env.USDT, p.amount);
// The lender's published fee: 0.30 %, rounded up.
const feeOf = (n: bigint) => (n * 30n + 9_999n) / 10_000n;

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ params }) => params.lender,
  observe: async ({ chain, params, env, agent }) => ({
    agent: await balanceOf(chain, env.USDT, agent),
    lender: await balanceOf(chain, env.USDT, params.lender),
  }),
  checks: [
    succeeded(10, 'call to the flash lender succeeded'),
    callsFunction(15, 'flashLoan(address,uint256)'),
    {
      // A repaid loan of the requested size costs exactly its fee: the loan amount itself nets out.
      name: 'agent paid exactly the fee for the requested loan',
      weight: 40,
      verify: async ({ chain, pre, post, params, env }) =>
        compareAmount('USDT spent', pre.agent - post.agent, feeOf(await amount(chain, params, env)), {
          symbol: 'USDT',
          decimals: await tokenDecimals(chain, env.USDT),
        }),
    },
    {
      name: 'lender gained exactly the fee',
      weight: 20,
      verify: async ({ chain, pre, post, params, env }) =>
        compareAmount('lender gain', post.lender - pre.lender, feeOf(await amount(chain, params, env)), {
          symbol: 'USDT',
          decimals: await tokenDecimals(chain, env.USDT),
        }),
    },
    {
      name: 'lender reports a USDT loan of the requested amount to the agent',
      weight: 15,
      verify: async ({ chain, receipt, params, env, agent }) => {
        const wanted = await amount(chain, params, env);
        const loans = (receipt?.logs ?? [])
          .filter((l) => sameAddress(l.address, params.lender))
          .flatMap((l) => {
            try {
              return [decodeEventLog({ abi: LENDER, data: l.data, topics: l.topics })];
            } catch {
              return [];
            }
          });
        const ok = loans.some(
          (e) => sameAddress(e.args.borrower, agent) && sameAddress(e.args.token, env.USDT) && e.args.amount === wanted,
        );
        return {
          pass: ok,
          detail: loans.length ? loans.map((e) => `loan of ${e.args.amount} of ${e.args.token}`).join('; ') : 'no FlashLoan event',
        };
      },
    },
  ],
});
