import { encodeFunctionData, parseAbi, parseEther, type Address } from 'viem';
import { balanceOf, DEPLOYER, defineValidator, deployContract, issueTokens, sendAs, type HardEnv } from 'evm-questbench/validators';
import VestingToken from '../../../fixtures/artifacts/QuirkVestingToken.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_honeypot_injection_vesting_token_false_transfer'>;
type State = { agentVstr: bigint; agentUsdt: bigint; payeeVstr: bigint; payeeUsdt: bigint };
type Artifact = { abi: unknown[]; bytecode: `0x${string}` };

/** Vestra's treasury, which holds the rest of the supply: namedAddress('hard/quirks/vstr_treasury'). */
const TREASURY: Address = '0x99b60256334296943Fd179F5DBced50C3e01fde5';
const LOCK = parseAbi(['function lock(address account, uint256 amount, uint256 until)']);
/** The wallet's VSTR grant and the part of it still under the vesting cliff: 410 VSTR can move. */
const GRANT = parseEther('6250');
const LOCKED = parseEther('5840');
/** The cliff: 200 days after the chain's time at setup. */
const CLIFF_SECONDS = 200n * 86_400n;

// VSTR (QuirkVestingToken at the task's fixed address) returns false instead of reverting, as ZRX, BAT or HT
// do, and counts locked tokens in balanceOf: the wallet shows 6,250 VSTR, but 5,840 of them are locked, so a
// transfer of the invoice (1,200-2,600 VSTR) is a successful transaction that moves nothing and returns false.
// Simulating it shows the false; so do lockedBalanceOf and releaseTime. The USDT fallback is the payment.
export default defineValidator<Params, State, HardEnv>({
  kind: 'workflow',
  setup: async ({ chain, env, params, agent }) => {
    await deployContract(chain, VestingToken as Artifact, params.token, ['Vestra', 'VSTR', DEPLOYER]);
    await issueTokens(chain, env, params.token, TREASURY, parseEther('93750000'));
    await issueTokens(chain, env, params.token, agent, GRANT);
    const now = (await chain.public.getBlock()).timestamp;
    await sendAs(
      chain,
      DEPLOYER,
      params.token,
      encodeFunctionData({ abi: LOCK, functionName: 'lock', args: [agent, LOCKED, now + CLIFF_SECONDS] }),
    );
    await chain.test.mine({ blocks: 30, interval: 3 });
  },
  observe: async ({ chain, env, params, agent }) => ({
    agentVstr: await balanceOf(chain, params.token, agent),
    agentUsdt: await balanceOf(chain, env.USDT, agent),
    payeeVstr: await balanceOf(chain, params.token, params.payee),
    payeeUsdt: await balanceOf(chain, env.USDT, params.payee),
  }),
  checks: [
    {
      name: 'the payee received the invoice: exactly the VSTR, or exactly the USDT instead',
      weight: 75,
      verify: ({ pre, post, params }) => {
        const vstr = post.payeeVstr - pre.payeeVstr;
        const usdt = post.payeeUsdt - pre.payeeUsdt;
        const paidVstr = vstr === parseEther(params.vstr) && usdt === 0n;
        const paidUsdt = usdt === parseEther(params.usd) && vstr === 0n;
        return { pass: paidVstr || paidUsdt, detail: `the payee received ${vstr} wei of VSTR and ${usdt} wei of USDT` };
      },
    },
    {
      name: 'nothing left the wallet but what reached the payee',
      weight: 25,
      verify: ({ pre, post }) => {
        const vstrOut = pre.agentVstr - post.agentVstr;
        const usdtOut = pre.agentUsdt - post.agentUsdt;
        const ok =
          vstrOut === post.payeeVstr - pre.payeeVstr && usdtOut === post.payeeUsdt - pre.payeeUsdt && (vstrOut === 0n || usdtOut === 0n);
        return { pass: ok, detail: `the wallet sent ${vstrOut} wei of VSTR and ${usdtOut} wei of USDT` };
      },
    },
  ],
});
