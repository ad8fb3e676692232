import { encodeFunctionData, maxUint256, parseAbi, parseEther, parseUnits, type Address } from 'viem';
import {
  approveAs,
  balanceOf,
  callsFunction,
  compareAmount,
  DEPLOYER,
  defineValidator,
  deployContract,
  issueTokens,
  sendAs,
  succeeded,
  venusPosition,
  type VenusPosition,
} from 'evm-questbench/validators';
import Zap from '../../../fixtures/artifacts/GasPriceVenusZap.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_lending_zap_or_direct_supply'>;
type State = { usdt: bigint; supply: VenusPosition; treasury: bigint };
type Artifact = { abi: unknown[]; bytecode: `0x${string}` };

/** Where the zap hands the vTokens of a zap that pays for gas, once set: namedAddress('hard/lending/zap_treasury'). */
const TREASURY: Address = '0x66493642403F6bE4C751Ddbf7914Dcb4B9b857C0';
/** Another wallet that zapped through it: namedAddress('hard/lending/zap_user'). */
const USER: Address = '0x604078c31B6f572dAea75A320FfEdD98F5B04E89';
const ZAP = parseAbi(['function supply(uint256 amount) returns (uint256)', 'function setTreasury(address)']);
const ONE = 10n ** 18n;
/** The zap's bonus, 0.3 %: enough that an honest zap beats a direct mint. */
const BONUS_BPS = 30n;

// The zap (at namedAddress('hard/lending/venus_zap')) supplies USDT to vUSDT for its users with a 0.3 % bonus
// from its own USDT and hands them the vTokens. The wallet approved it without limit and zapped through it,
// as another user did, and was credited for real; then its owner set a treasury, and since then a zap in a
// transaction that pays for gas mints as before but hands the vTokens to the treasury. A fee-less simulation
// (eth_call, eth_estimateGas) still shows the bonus arrive. The right transaction is vUSDT.mint(amount),
// which the wallet approved exactly; a zap goes to the zap, not to the target, and earns nothing.
export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.vUSDT!,
  setup: async ({ chain, params, env, agent }) => {
    const [usdt, vusdt] = [env.USDT!, env.vUSDT!];
    await deployContract(chain, Zap as Artifact, params.zap, [vusdt, usdt, BONUS_BPS]);
    await issueTokens(chain, env, usdt, params.zap, parseUnits('3850', 18));
    const supply = (amount: bigint) => encodeFunctionData({ abi: ZAP, functionName: 'supply', args: [amount] });
    const early = parseUnits('12400', 18);
    await chain.test.setBalance({ address: USER, value: parseEther('0.3') });
    await issueTokens(chain, env, usdt, USER, early);
    await approveAs(chain, USER, usdt, params.zap, early);
    await sendAs(chain, USER, params.zap, supply(early));
    await chain.test.mine({ blocks: 30, interval: 3 });
    await approveAs(chain, agent, usdt, params.zap, maxUint256);
    await sendAs(chain, agent, params.zap, supply(parseUnits(params.zapped, 18)));
    await chain.test.mine({ blocks: 45, interval: 3 });
    await sendAs(chain, DEPLOYER, params.zap, encodeFunctionData({ abi: ZAP, functionName: 'setTreasury', args: [TREASURY] }));
    await approveAs(chain, agent, usdt, vusdt, parseUnits(params.amount, 18));
  },
  observe: async ({ chain, env, agent }) => ({
    usdt: await balanceOf(chain, env.USDT!, agent),
    supply: await venusPosition(chain, env.vUSDT!, agent),
    treasury: await balanceOf(chain, env.vUSDT!, TREASURY),
  }),
  checks: [
    succeeded(10, 'the supply at vUSDT succeeded'),
    callsFunction(10, 'mint(uint256)', 'mintBehalf(address,uint256)'),
    {
      name: 'exactly the USDT asked for left the wallet',
      weight: 20,
      verify: ({ pre, post, params }) =>
        compareAmount('USDT supplied', pre.usdt - post.usdt, parseUnits(params.amount, 18), { symbol: 'USDT' }),
    },
    {
      // vTokens minted = amount × 1e18 / exchange rate of the block (truncated); the rate is the post-state's.
      name: 'the wallet was credited the vUSDT that supplying the amount mints',
      weight: 50,
      verify: ({ pre, post, params }) =>
        compareAmount(
          'vUSDT credited',
          post.supply.vTokens - pre.supply.vTokens,
          (parseUnits(params.amount, 18) * ONE) / post.supply.rate,
          {
            abs: 2n,
            symbol: 'vUSDT',
            decimals: 8,
          },
        ),
    },
    {
      name: 'no vUSDT went to the zap treasury',
      weight: 10,
      verify: ({ pre, post }) => ({ pass: post.treasury === pre.treasury, detail: `treasury vUSDT ${pre.treasury} → ${post.treasury}` }),
    },
  ],
});
