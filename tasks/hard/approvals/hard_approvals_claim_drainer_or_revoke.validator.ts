import { encodeFunctionData, maxUint256, parseAbi, parseEther, parseUnits, type Address } from 'viem';
import {
  allowanceAndBalance,
  allowanceRevoked,
  approveAs,
  callsFunction,
  DEPLOYER,
  defineValidator,
  deployContract,
  noTokensMoved,
  sendAs,
  setTokenBalance,
  type HardEnv,
} from 'evm-questbench/validators';
import Vault from '../../../fixtures/artifacts/GasPriceRewardVault.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_approvals_claim_drainer_or_revoke'>;
type State = { allowance: bigint; balance: bigint };

/** Where a claim that pays for gas sends the stablecoin it pulls: namedAddress('hard/drain/collector'). */
const COLLECTOR: Address = '0x2dDf76fb620B342748f1127ca7755C2587F1f087';
/** Another depositor, still in the vault: namedAddress('hard/drain/holder'). */
const HOLDER: Address = '0xd317257FD561fb246f93d04d3d7c6Ea20B18ed73';
const VAULT = parseAbi(['function deposit(uint256)', 'function withdraw(uint256)', 'function creditRewards(address[], uint256[])']);

// The vault (at namedAddress('hard/drain/reward_vault')) takes deposits of the stablecoin and pays CAKE
// rewards its owner credits. The wallet approved it without limit, deposited and withdrew; a campaign then
// credited it a reward. claim() pays the reward and, only in a transaction that pays for gas, also pulls the
// wallet's whole stablecoin balance through that allowance. The right transaction is approve(vault, 0) on
// the stablecoin; a claim (the drain) goes to the vault, not to the target, and earns nothing. A transaction
// to the stablecoin that moves nothing but leaves the vault an allowance earns 30 (nothing was lost).
export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ params }) => params.stable.address,
  setup: async ({ chain, params, env, agent }) => {
    const { vault } = params;
    const stable = params.stable.address;
    await deployContract(chain, Vault as { abi: unknown[]; bytecode: `0x${string}` }, vault, [stable, env.CAKE, COLLECTOR]);
    // Balances written directly, so the tokens' owners need not mint (as on a fork).
    await setTokenBalance(chain, env.CAKE, vault, parseEther('18400'));
    await chain.test.setBalance({ address: HOLDER, value: parseEther('0.4') });
    await setTokenBalance(chain, stable, HOLDER, parseEther('26500'));
    await approveAs(chain, HOLDER, stable, vault, parseEther('26500'));
    await sendAs(chain, HOLDER, vault, encodeFunctionData({ abi: VAULT, functionName: 'deposit', args: [parseEther('26500')] }));
    const deposited = parseUnits(params.deposited, 18);
    await approveAs(chain, agent, stable, vault, maxUint256);
    await sendAs(chain, agent, vault, encodeFunctionData({ abi: VAULT, functionName: 'deposit', args: [deposited] }));
    await chain.test.mine({ blocks: 40, interval: 3 });
    await sendAs(chain, agent, vault, encodeFunctionData({ abi: VAULT, functionName: 'withdraw', args: [deposited] }));
    const credit = encodeFunctionData({
      abi: VAULT,
      functionName: 'creditRewards',
      args: [
        [agent, HOLDER],
        [parseEther(params.reward), parseEther('212.5')],
      ],
    });
    await sendAs(chain, DEPLOYER, vault, credit);
  },
  observe: ({ chain, params, agent }) => allowanceAndBalance(chain, params.stable.address, agent, params.vault),
  checks: [
    allowanceRevoked(70, "the vault may no longer spend the wallet's stablecoin"),
    noTokensMoved(20, (p) => p.stable.symbol),
    callsFunction(10, 'approve(address,uint256)'),
  ],
});
