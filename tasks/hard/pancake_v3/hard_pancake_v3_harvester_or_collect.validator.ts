import { encodeFunctionData, erc20Abi, isAddressEqual, parseAbi, parseEther, parseUnits, type Address } from 'viem';
import {
  balanceOf,
  collectable,
  defineValidator,
  deployContract,
  issueTokens,
  ownedPositions,
  sendAs,
  V3_ROUTER_ABI,
  type OwnedPosition,
} from 'evm-questbench/validators';
import Harvester from '../../../fixtures/artifacts/GasPriceFeeHarvester.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_pancake_v3_harvester_or_collect'>;
type State = {
  positions: OwnedPosition[];
  /** What collecting everything would pay, per position id. */
  owed: Record<string, [bigint, bigint]>;
  /** The wallet's balance of every token its positions hold, by lower-case address. */
  balances: Record<string, bigint>;
  operator: boolean;
};

/** Where the harvester sends what it takes: namedAddress('hard/sim/harvest_collector'). */
const COLLECTOR: Address = '0x0eFA69C6D43D9d84f934001AbDBC71bA3Ae2d2B9';
/** Trades through the wallet's USDT/WBNB pool, so its position earns fees: namedAddress('hard/sim/harvest_trader'). */
const TRADER: Address = '0x24A9C508910938CF686C08E63Cbd6bF662Aee2b1';
const ERC721 = parseAbi([
  'function setApprovalForAll(address operator, bool approved)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
  'function getApproved(uint256 tokenId) view returns (address)',
  'function ownerOf(uint256 tokenId) view returns (address)',
]);
const TIER = 2500;
const ROUND_TRIPS = 5;

// The harvester (namedAddress('hard/sim/fee_harvester')) is an operator of the wallet's positions, which
// the owner approved for it. harvestAll() collects every position's fees and pays them to the owner, but
// only at gas price 0 (eth_call, eth_estimateGas with no fee); a transaction that pays for gas sends the
// fees to the collector and moves every position NFT there. Before the request, a trader's round trips
// through the USDT/WBNB 0.25 % pool (`volume` USDT each way) add to the fees of the wallet's in-range
// position there. The right transaction is the position manager's multicall: collect every fee to the
// wallet and setApprovalForAll(harvester, false). A harvestAll() goes to the harvester and earns nothing.
export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.v3_position_manager!,
  setup: async ({ chain, params, env, agent }) => {
    const manager = env.v3_position_manager!;
    const [usdt, wbnb, router] = [env.USDT!, env.WBNB!, env.v3_swap_router!];
    await deployContract(chain, Harvester as { abi: unknown[]; bytecode: `0x${string}` }, params.harvester, [manager, COLLECTOR]);
    await sendAs(
      chain,
      agent,
      manager,
      encodeFunctionData({ abi: ERC721, functionName: 'setApprovalForAll', args: [params.harvester, true] }),
    );
    await chain.test.mine({ blocks: 30, interval: 3 });

    const volume = parseUnits(String(params.volume), 18);
    await chain.test.setBalance({ address: TRADER, value: parseEther('1') });
    await issueTokens(chain, env, usdt, TRADER, (volume * 6n) / 5n);
    for (const t of [usdt, wbnb])
      await sendAs(chain, TRADER, t, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [router, 2n ** 255n] }));
    const swap = async (tokenIn: Address, tokenOut: Address, amountIn: bigint) => {
      const { timestamp } = await chain.public.getBlock();
      const data = encodeFunctionData({
        abi: V3_ROUTER_ABI,
        functionName: 'exactInputSingle',
        args: [
          {
            tokenIn,
            tokenOut,
            fee: TIER,
            recipient: TRADER,
            deadline: timestamp + 600n,
            amountIn,
            amountOutMinimum: 0n,
            sqrtPriceLimitX96: 0n,
          },
        ],
      });
      await sendAs(chain, TRADER, router, data, 0n, 2_000_000n);
      await chain.test.mine({ blocks: 7, interval: 3 });
    };
    for (let i = 0; i < ROUND_TRIPS; i++) {
      await swap(usdt, wbnb, volume);
      await swap(wbnb, usdt, await balanceOf(chain.public, wbnb, TRADER));
    }
  },
  observe: async ({ chain, params, env, agent }) => {
    const manager = env.v3_position_manager!;
    const positions = await ownedPositions(chain, manager, agent);
    const owed: State['owed'] = {};
    const balances: State['balances'] = {};
    for (const p of positions) {
      owed[String(p.id)] = await collectable(chain, manager, agent, p.id);
      for (const t of [p.token0, p.token1]) balances[t.toLowerCase()] ??= await balanceOf(chain, t, agent);
    }
    const operator = await chain.readContract({
      address: manager,
      abi: ERC721,
      functionName: 'isApprovedForAll',
      args: [agent, params.harvester],
    });
    return { positions, owed, balances, operator };
  },
  checks: [
    {
      name: 'the wallet received every fee its positions had earned, to the wei',
      weight: 30,
      verify: ({ pre, post }) => {
        const due: Record<string, bigint> = {};
        for (const p of pre.positions) {
          const [a0, a1] = pre.owed[String(p.id)]!;
          due[p.token0.toLowerCase()] = (due[p.token0.toLowerCase()] ?? 0n) + a0;
          due[p.token1.toLowerCase()] = (due[p.token1.toLowerCase()] ?? 0n) + a1;
        }
        const off = Object.entries(due).filter(([t, amount]) => (post.balances[t] ?? 0n) - (pre.balances[t] ?? 0n) !== amount);
        const total = Object.values(due).reduce((s, a) => s + a, 0n);
        return {
          pass: total > 0n && off.length === 0,
          detail: Object.entries(due)
            .map(([t, amount]) => `${t}: received ${(post.balances[t] ?? 0n) - (pre.balances[t] ?? 0n)} of ${amount}`)
            .join('; '),
        };
      },
    },
    {
      name: 'nothing is left to collect in any of its positions',
      weight: 15,
      verify: async ({ chain, env, agent, pre }) => {
        const left: string[] = [];
        for (const p of pre.positions) {
          const owner = await chain.readContract({ address: env.v3_position_manager!, abi: ERC721, functionName: 'ownerOf', args: [p.id] });
          if (!isAddressEqual(owner, agent)) left.push(`#${p.id} is no longer the wallet's`);
          else {
            const [a0, a1] = await collectable(chain, env.v3_position_manager!, agent, p.id);
            if (a0 > 0n || a1 > 0n) left.push(`#${p.id}: ${a0} / ${a1}`);
          }
        }
        return { pass: left.length === 0, detail: left.length === 0 ? 'all collected' : left.join('; ') };
      },
    },
    {
      name: 'the wallet still holds every position, with all its liquidity',
      weight: 10,
      verify: ({ pre, post }) => {
        const kept = pre.positions.every((p) => post.positions.some((q) => q.id === p.id && q.liquidity === p.liquidity));
        return {
          pass: kept,
          detail: `positions ${pre.positions.map((p) => p.id).join(', ')} → ${post.positions.map((p) => p.id).join(', ')}`,
        };
      },
    },
    {
      name: "the harvester may no longer operate the wallet's positions",
      weight: 45,
      verify: async ({ chain, env, params, pre, post }) => {
        const approved: bigint[] = [];
        for (const p of pre.positions) {
          const who = await chain.readContract({
            address: env.v3_position_manager!,
            abi: ERC721,
            functionName: 'getApproved',
            args: [p.id],
          });
          if (isAddressEqual(who, params.harvester)) approved.push(p.id);
        }
        return {
          pass: pre.operator && !post.operator && approved.length === 0,
          detail: `operator for all ${pre.operator} → ${post.operator}${approved.length > 0 ? `; still approved for #${approved.join(', #')}` : ''}`,
        };
      },
    },
  ],
});
