import { encodeFunctionData, parseAbi, parseEther, type Address } from 'viem';
import {
  balanceOf,
  compareAmount,
  DEPLOYER,
  defineValidator,
  deployContract,
  issueTokens,
  sendAs,
  succeeded,
  type HardEnv,
} from 'evm-questbench/validators';
import SharesToken from '../../../fixtures/artifacts/QuirkSharesToken.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_fee_on_transfer_share_token_invoice'>;
type State = { agent: bigint; payee: bigint };
type Artifact = { abi: unknown[]; bytecode: `0x${string}` };

/** The staking pool's other holders: namedAddress('hard/quirks/rsbnb_whale'). */
const WHALE: Address = '0xa808128e39aF0b101A9774C46F1F54085B230FAa';
const REBASE = parseAbi(['function rebase(uint256 newTotalPooled)']);
/** The shares minted 1:1 before the rewards: the whale's and the wallet's stake. */
const WHALE_STAKE = parseEther('48213.77');
const WALLET_STAKE = parseEther('2.6');
/**
 * The pooled BNB after the rewards (8.17 % over the shares), a prime: it divides no amount × totalShares, so
 * transfer(x) to an empty address always credits less than x (shares and balances both round down).
 */
const TOTAL_POOLED = 52155647429000000000149n;

const due = (p: Params) => parseEther(p.amount);
/** Dust the request allows over the amount: 0.000001 rsBNB. */
const DUST = parseEther('0.000001');

// rsBNB (QuirkSharesToken at the task's fixed address) keeps balances in shares, as Lido's stETH: an ERC-20
// transfer of x moves floor(x × shares / pooled) shares and the payee's balance is floor(its shares × pooled /
// shares), so a fresh deposit address credited with transfer(x) holds x − 1 wei and the invoice stays unpaid.
// transferShares of the shares rounded up (or a transfer of x + 2 wei) lands the whole amount.
export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ params }) => params.token,
  setup: async ({ chain, env, params, agent }) => {
    await deployContract(chain, SharesToken as Artifact, params.token, ['Rebasing Staked BNB', 'rsBNB', DEPLOYER]);
    await issueTokens(chain, env, params.token, WHALE, WHALE_STAKE);
    await issueTokens(chain, env, params.token, agent, WALLET_STAKE);
    await chain.test.mine({ blocks: 20, interval: 3 });
    await sendAs(chain, DEPLOYER, params.token, encodeFunctionData({ abi: REBASE, functionName: 'rebase', args: [TOTAL_POOLED] }));
    await chain.test.mine({ blocks: 5, interval: 3 });
  },
  observe: async ({ chain, params, agent }) => ({
    agent: await balanceOf(chain, params.token, agent),
    payee: await balanceOf(chain, params.token, params.payee),
  }),
  checks: [
    succeeded(10, 'the payment went through on rsBNB'),
    {
      name: 'the deposit address holds at least the invoice amount, and at most 0.000001 rsBNB more',
      weight: 70,
      verify: ({ pre, post, params }) => {
        const got = post.payee - pre.payee;
        const r = compareAmount('arrived', got, due(params), { abs: DUST, symbol: 'rsBNB' });
        return got >= due(params)
          ? r
          : { ...r, pass: false, detail: `arrived ${got} wei, ${due(params) - got} wei short of ${due(params)}` };
      },
    },
    {
      name: "the wallet's rsBNB fell by no more than the amount and 0.000001 rsBNB",
      weight: 20,
      verify: ({ pre, post, params }) => {
        const paid = pre.agent - post.agent;
        return { pass: paid > 0n && paid <= due(params) + DUST, detail: `the wallet paid ${paid} wei for ${due(params)} wei due` };
      },
    },
  ],
});
