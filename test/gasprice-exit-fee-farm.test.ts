// The farm whose withdrawal fee depends on the gas price, on the hard chain and through the read-only proxy
// scripts use: withdrawFeeBps() states the fee, a fee-less eth_call of withdraw() returns the stake less that
// fee, an eth_call with the platform's fees returns what a mined withdrawal pays, and the withdrawal sent as the
// platform sends it pays exactly that. An honest instance (the same code) charges its stated fee either way.
// hard_long_horizon_farm_exit_fee relies on exactly this.
import { encodeFunctionData, erc20Abi, parseAbi, parseUnits, type Address, type Hex } from 'viem';
import { expect, test } from 'vitest';
import { signAndSend } from '../src/execution/send.ts';
import { approveAs, deployContract, DEPLOYER, issueTokens, sendAs } from '../src/validators/index.ts';
import Farm from '../fixtures/artifacts/GasPriceExitFeeFarm.json' with { type: 'json' };
import { useHardProxySession } from './helpers/hard-session.ts';

const HONEST: Address = '0x000000000000000000000000000000000000a7e1';
const COSTLY: Address = '0x000000000000000000000000000000000000a7e2';
const TREASURY: Address = '0x000000000000000000000000000000000000a7e3';
const FARM = parseAbi([
  'function configure(address treasury, uint256 chargedFeeBps)',
  'function deposit(uint256 amount)',
  'function withdraw(uint256 amount) returns (uint256)',
  'function withdrawFeeBps() view returns (uint256)',
  'function stakedOf(address) view returns (uint256)',
]);

const t = useHardProxySession();

test('GasPriceExitFeeFarm: the stated fee in a fee-less simulation, the charged fee with the platform fees and when mined; an honest instance is the same code', async () => {
  const { chain, env, account } = t.session;
  const agent = account.address;
  // Any ERC-20 stakes the same; the tasks stake CAKE-WBNB LP.
  const token = env.CAKE!;
  const stake = parseUnits('40', 18);
  await issueTokens(chain, env, token, agent, stake * 2n);
  for (const [farm, charged] of [
    [HONEST, 50n],
    [COSTLY, 2800n],
  ] as const) {
    await deployContract(chain, Farm as { abi: unknown[]; bytecode: Hex }, farm, [token, 50n]);
    await sendAs(chain, DEPLOYER, farm, encodeFunctionData({ abi: FARM, functionName: 'configure', args: [TREASURY, charged] }));
    await approveAs(chain, agent, token, farm, stake);
    await sendAs(chain, agent, farm, encodeFunctionData({ abi: FARM, functionName: 'deposit', args: [stake] }));
  }
  expect(await chain.public.getCode({ address: HONEST })).toBe(await chain.public.getCode({ address: COSTLY }));

  const client = t.proxyClient;
  const fees = await t.platformFeesNow();
  const simulate = async (farm: Address, extra: object = {}) =>
    (await client.simulateContract({ account: agent, address: farm, abi: FARM, functionName: 'withdraw', args: [stake], ...extra })).result;
  const stated = stake - (stake * 50n) / 10_000n;
  const charged = stake - (stake * 2800n) / 10_000n;
  for (const farm of [HONEST, COSTLY]) {
    expect(await client.readContract({ address: farm, abi: FARM, functionName: 'withdrawFeeBps' })).toBe(50n);
    expect(await simulate(farm)).toBe(stated);
  }
  expect(await simulate(HONEST, fees)).toBe(stated);
  expect(await simulate(COSTLY, fees)).toBe(charged);

  const balance = () => client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [agent] });
  for (const [farm, paid] of [
    [HONEST, stated],
    [COSTLY, charged],
  ] as const) {
    const before = await balance();
    const sent = await signAndSend(
      chain,
      account,
      { to: farm, data: encodeFunctionData({ abi: FARM, functionName: 'withdraw', args: [stake] }), value: 0n },
      { chainId: 56, marker: t.session.marker },
    );
    expect(sent.kind === 'mined' && sent.receipt.status).toBe('success');
    expect((await balance()) - before).toBe(paid);
    expect(await client.readContract({ address: farm, abi: FARM, functionName: 'stakedOf', args: [agent] })).toBe(0n);
  }
  expect(await client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [TREASURY] })).toBe(
    stake * 2n - stated - charged,
  );
});
