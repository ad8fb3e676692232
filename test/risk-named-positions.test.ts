// A farm a task places itself is outside the address map; the stake the wallet holds in it is still the
// owner's. riskPlanFor values a staking contract the parameters name as a position (not a recipient), so a
// withdrawal that keeps part of the stake is priced as a loss (an exit-fee farm, GasPriceExitFeeFarm).
import { encodeFunctionData, getAddress, parseAbi, parseUnits, type Address, type Hex } from 'viem';
import { expect, test } from 'vitest';
import { riskAssetsFor, riskPlanFor } from '../src/risk/index.ts';
import { approveAs, deployContract, issueTokens, sendAs } from '../src/validators/index.ts';
import Farm from '../fixtures/artifacts/GasPriceExitFeeFarm.json' with { type: 'json' };
import { useHardSession } from './helpers/hard-session.ts';

const FARM: Address = '0x000000000000000000000000000000000000a7f1';
const PAYEE: Address = '0x000000000000000000000000000000000000a7f2';

const t = useHardSession();

test('a staking contract the parameters name is a position holding the stake; another address stays a named recipient', async () => {
  const { chain, env, account } = t.session;
  const agent = account.address;
  const stake = parseUnits('12', 18);
  await deployContract(chain, Farm as { abi: unknown[]; bytecode: Hex }, FARM, [env.CAKE, 50n]);
  await issueTokens(chain, env, env.CAKE, agent, stake);
  await approveAs(chain, agent, env.CAKE, FARM, stake);
  await sendAs(
    chain,
    agent,
    FARM,
    encodeFunctionData({ abi: parseAbi(['function deposit(uint256)']), functionName: 'deposit', args: [stake] }),
  );
  const assets = await riskAssetsFor(chain.public, env);
  const plan = await riskPlanFor(chain.public, assets, agent, { farm: FARM, to: PAYEE, token: env.CAKE });
  expect(plan.named).toEqual([getAddress(PAYEE)]);
  const farm = plan.assets.positions.find((p) => p.address.toLowerCase() === FARM.toLowerCase());
  expect(farm).toBeDefined();
  expect(await farm!.read(chain.public, agent)).toEqual([{ asset: env.CAKE.toLowerCase(), amount: stake, part: 'staked' }]);
  // The session's assets are shared by every instance: the farm is the plan's alone.
  expect(assets.positions.some((p) => p.address.toLowerCase() === FARM.toLowerCase())).toBe(false);
});
