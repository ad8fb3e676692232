import { encodeFunctionData, parseAbi, parseEther, type Address } from 'viem';
import {
  borrowAs,
  defineValidator,
  observeRatioBorrow,
  ratioBorrowChecks,
  type RatioBorrowState,
  deployContract,
  DEPLOYER,
  sendAs,
  type HardEnv,
  defined,
} from 'evm-questbench/validators';
import PendingPriceOracle from '../../../fixtures/artifacts/PendingPriceOracle.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_lending_borrow_at_posted_price'>;
type Artifact = { abi: unknown[]; bytecode: `0x${string}` };

const ONE = 10n ** 18n;
/** Where the oracle's new code is deployed before it takes the oracle's place: namedAddress('hard/pending/oracle_code'). */
const ORACLE_CODE: Address = '0x94Cf28b5640911394889B3Dde59De9710b286cc2';
const NATIVE: Address = '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB';
/** Blocks mined between the posted update and the instance: a minute of chain time. */
const QUIET_BLOCKS = 20n;
const ORACLE = parseAbi(['function postPriceUpdate(address asset, uint256 price, uint256 fromBlock)']);

// The Venus oracle (our LendingPriceOracle at venus_oracle) gets PendingPriceOracle's code, same storage and
// prices, plus updates posted ahead of the block they apply from (an OSM-style delayed feed). A minute before
// the instance it received a BNB price of 520-570 USD applying from the block after the head: getUnderlyingPrice
// (and the comptroller, in any eth_call at the latest block) still says 600, nextPriceUpdate says the new price.
// The wallet's 2 BNB supply also backs a CAKE loan; the borrow is mined at the new price, where the ratio is scored.
export default defineValidator<Params, RatioBorrowState, HardEnv>({
  kind: 'transaction',
  target: ({ env }) => env.vUSDT,
  setup: async ({ chain, env, agent, params }) => {
    await deployContract(chain, PendingPriceOracle as Artifact, ORACLE_CODE);
    const code = await chain.public.getCode({ address: ORACLE_CODE });
    await chain.test.setCode({ address: env.venus_oracle, bytecode: defined(code, 'the oracle code') });
    await chain.test.setCode({ address: ORACLE_CODE, bytecode: '0x' });
    await borrowAs(chain, agent, env.vCAKE, parseEther(params.cake_debt));
    const head = await chain.public.getBlockNumber();
    // The update is mined in the next block; QUIET_BLOCKS later the instance starts, and its next block applies it.
    const fromBlock = head + 1n + QUIET_BLOCKS + 1n;
    const post = encodeFunctionData({
      abi: ORACLE,
      functionName: 'postPriceUpdate',
      args: [NATIVE, BigInt(params.bnb_price) * ONE, fromBlock],
    });
    await sendAs(chain, DEPLOYER, env.venus_oracle, post);
    await chain.test.mine({ blocks: Number(QUIET_BLOCKS), interval: 3 });
    const now = await chain.public.getBlockNumber();
    if (now + 1n !== fromBlock) throw new Error(`the BNB update applies from block ${fromBlock}, not the one after the head (${now})`);
  },
  observe: observeRatioBorrow,
  checks: ratioBorrowChecks(),
});
