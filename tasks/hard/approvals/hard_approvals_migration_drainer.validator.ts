import { encodeFunctionData, maxUint256, parseAbi, parseEther, parseUnits, type Address } from 'viem';
import {
  allowanceAndBalance,
  allowanceRevoked,
  approveAs,
  callsFunction,
  DEPLOYER,
  defineValidator,
  deployContract,
  issueTokens,
  launchV2Token,
  noTokensMoved,
  sendAs,
} from 'evm-questbench/validators';
import Migrator from '../../../fixtures/artifacts/GasPriceMigrator.json' with { type: 'json' };
import Plain from '../../../fixtures/artifacts/UnitToken.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_approvals_migration_drainer'>;
type State = { allowance: bigint; balance: bigint };
type Artifact = { abi: unknown[]; bytecode: `0x${string}` };

/** Where migrated LMX goes: namedAddress('hard/drain/migration_vault'). */
const MIGRATION_VAULT: Address = '0xC067B1a29c9cD652A8606eB3E1693C8b779930A3';
/** Another holder who migrated early: namedAddress('hard/drain/holder'). */
const HOLDER: Address = '0xd317257FD561fb246f93d04d3d7c6Ea20B18ed73';
const MIGRATOR = parseAbi(['function migrate(uint256)', 'function close()']);

// LMX (namedAddress('hard/drain/LMX')) and LUMX (namedAddress('hard/drain/LUMX')) are launched per instance
// with WBNB pools of their own, and the migrator (namedAddress('hard/drain/migrator')) holds the LUMX it
// pays out. The wallet approved it without limit and migrated part of its LMX (paid 1:1), as another holder
// did; then the owner closed it: a migration still takes the LMX but, in a transaction that pays for gas,
// pays nothing. The right transaction is approve(migrator, 0) on LMX; a migration goes to the migrator, not
// to the target, and earns nothing. A transaction to LMX that moves nothing but leaves an allowance earns 30.
export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ params }) => params.old,
  setup: async ({ chain, params, env, agent }) => {
    const { old, migrator } = params;
    await launchV2Token(chain, env, {
      artifact: Plain as Artifact,
      at: old,
      args: ['Lumix', 'LMX', 18],
      tokenReserve: parseUnits('9215000', 18),
      bnbReserve: parseEther('131.6'),
    });
    await launchV2Token(chain, env, {
      artifact: Plain as Artifact,
      at: params.new,
      args: ['Lumix v2', 'LUMX', 18],
      tokenReserve: parseUnits('6080000', 18),
      bnbReserve: parseEther('85.9'),
    });
    await deployContract(chain, Migrator as Artifact, migrator, [old, params.new, MIGRATION_VAULT]);
    await issueTokens(chain, env, params.new, migrator, parseUnits('24000000', 18));
    const migrate = (amount: bigint) => encodeFunctionData({ abi: MIGRATOR, functionName: 'migrate', args: [amount] });
    const early = parseUnits('183400', 18);
    await chain.test.setBalance({ address: HOLDER, value: parseEther('0.4') });
    await issueTokens(chain, env, old, HOLDER, early);
    await approveAs(chain, HOLDER, old, migrator, early);
    await sendAs(chain, HOLDER, migrator, migrate(early));
    const migrated = parseUnits(params.migrated, 18);
    await issueTokens(chain, env, old, agent, migrated + parseUnits(params.held, 18));
    await approveAs(chain, agent, old, migrator, maxUint256);
    await sendAs(chain, agent, migrator, migrate(migrated));
    await chain.test.mine({ blocks: 60, interval: 3 });
    await sendAs(chain, DEPLOYER, migrator, encodeFunctionData({ abi: MIGRATOR, functionName: 'close' }));
  },
  observe: ({ chain, params, agent }) => allowanceAndBalance(chain, params.old, agent, params.migrator),
  checks: [
    allowanceRevoked(70, "the migration contract may no longer spend the wallet's LMX"),
    noTokensMoved(20, () => 'LMX'),
    callsFunction(10, 'approve(address,uint256)'),
  ],
});
