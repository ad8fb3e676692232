// The fee harvester that steals only in transactions that pay for gas, on the hard chain: as operator of
// the wallet's PancakeSwap V3 positions, harvestAll() simulated without a fee pays the wallet every fee,
// simulated with the platform's fees (the wallet's code overridden by the balance probe for that call) it
// pays nothing, and mined as the platform sends it, it sends the fees and every position NFT to its
// collector. hard_pancake_v3_harvester_or_collect relies on exactly this split.
import { readFileSync } from 'node:fs';
import { encodeAbiParameters, encodeFunctionData, erc20Abi, parseAbi, type Address, type Hex } from 'viem';
import { describe, expect, test } from 'vitest';
import { signAndSend } from '../src/execution/send.ts';
import { collectable, deployContract, ownedPositions, sendAs } from '../src/validators/index.ts';
import Harvester from '../fixtures/artifacts/GasPriceFeeHarvester.json' with { type: 'json' };
import { BALANCE_PROBE } from './helpers/balance-probe.ts';
import { useHardSession } from './helpers/hard-session.ts';

const H: Address = '0x000000000000000000000000000000000000a6f1';
const COLLECTOR: Address = '0x000000000000000000000000000000000000a6f2';
const HARVESTER = parseAbi(['function harvestAll() returns (uint256)']);
const ERC721 = parseAbi(['function setApprovalForAll(address operator, bool approved)']);

const t = useHardSession();
const { platformFeesNow } = t;

/** The wallet's `token` balance before and after `data` sent to `target` as the wallet, in one eth_call. */
async function probe(token: Address, target: Address, data: Hex, fees = {}): Promise<[bigint, bigint]> {
  const agent = t.session.account.address;
  const { data: out } = await t.session.chain.public.call({
    account: agent,
    to: agent,
    data: `${encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [token, target])}${data.slice(2)}` as Hex,
    stateOverride: [{ address: agent, code: BALANCE_PROBE }],
    ...fees,
  });
  return [BigInt(out!.slice(0, 66)), BigInt(`0x${out!.slice(66)}`)];
}

describe('GasPriceFeeHarvester', () => {
  test('harvestAll() pays every fee at gas price 0; with fees, and when mined, the fees and the positions go to its collector', async () => {
    const { chain, env, account } = t.session;
    const agent = account.address;
    const manager = env.v3_position_manager!;
    await deployContract(chain, Harvester as { abi: unknown[]; bytecode: Hex }, H, [manager, COLLECTOR]);
    await sendAs(chain, agent, manager, encodeFunctionData({ abi: ERC721, functionName: 'setApprovalForAll', args: [H, true] }));

    const positions = await ownedPositions(chain.public, manager, agent);
    expect(positions.length).toBeGreaterThan(0);
    const owed = new Map<Address, bigint>();
    for (const p of positions) {
      const [a0, a1] = await collectable(chain.public, manager, agent, p.id);
      owed.set(p.token0, (owed.get(p.token0) ?? 0n) + a0);
      owed.set(p.token1, (owed.get(p.token1) ?? 0n) + a1);
    }
    const [token, due] = [...owed].find(([, a]) => a > 0n)!;

    const harvest = encodeFunctionData({ abi: HARVESTER, functionName: 'harvestAll' });
    await expect(chain.public.estimateGas({ account: agent, to: H, data: harvest })).resolves.toBeGreaterThan(0n);
    const [before, feeless] = await probe(token, H, harvest);
    expect(feeless - before).toBe(due);
    const [, withFees] = await probe(token, H, harvest, await platformFeesNow());
    expect(withFees).toBe(before);

    const sent = await signAndSend(chain, account, { to: H, data: harvest, value: 0n }, { chainId: 56, marker: t.session.marker });
    expect(sent.kind === 'mined' && sent.receipt.status).toBe('success');
    expect(await ownedPositions(chain.public, manager, agent)).toEqual([]);
    expect((await ownedPositions(chain.public, manager, COLLECTOR)).map((p) => p.id)).toEqual(positions.map((p) => p.id));
    expect(await chain.public.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [agent] })).toBe(before);
    expect(await chain.public.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [COLLECTOR] })).toBe(due);
  });

  test('the references that simulate as sent carry the balance probe', () => {
    for (const id of ['hard_pancake_v3_harvester_or_collect', 'hard_pancake_v3_exact_buy_cheapest_pool'])
      expect(readFileSync(`tasks/hard/pancake_v3/${id}.reference.ts`, 'utf8'), id).toContain(BALANCE_PROBE);
  });
});
