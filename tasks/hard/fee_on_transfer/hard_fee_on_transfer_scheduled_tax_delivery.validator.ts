import { encodeFunctionData, parseAbi, parseEther, parseUnits, type Address } from 'viem';
import {
  callsFunction,
  defineValidator,
  taxedDeliveryChecks,
  DEPLOYER,
  issueTokens,
  launchV2Token,
  sendAs,
  succeeded,
  transferSides,
  type HardEnv,
} from 'evm-questbench/validators';
import PendingTaxToken from '../../../fixtures/artifacts/PendingTaxToken.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_fee_on_transfer_scheduled_tax_delivery'>;
type State = { agent: bigint; recipient: bigint };
type Artifact = { abi: unknown[]; bytecode: `0x${string}` };

/** Where KRN's tax goes: namedAddress('hard/pending/tax_treasury'). */
const TREASURY: Address = '0xCF2680d0474f2b87E8DEeD53b9A6C3b9033411c9';
/** The launch rates (buy, sell, transfer) in basis points. */
const LAUNCH = [200, 300, 200] as const;
/** Blocks mined between the owner's announcement and the instance: about two minutes of chain time. */
const QUIET_BLOCKS = 40n;
const KRN = parseAbi(['function scheduleTaxes(uint16 buyBps, uint16 sellBps, uint16 transferBps, uint64 effectiveAt)']);

// KRN (PendingTaxToken at namedAddress('hard/pending/KRN')) is launched per instance, 3.2 M KRN against 80 BNB
// (≈ $0.015), at 2 % a transfer. Two minutes before the instance its owner scheduled the transfer tax up to
// 8-15 % from one second after the head block's time: transferTaxBps() (and any eth_call at the latest block)
// still shows 2 %, scheduledTaxes() shows the new rate, and every later block, the wallet's included, charges it.
export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ params }) => params.token,
  setup: async ({ chain, params, env, agent }) => {
    await launchV2Token(chain, env, {
      artifact: PendingTaxToken as Artifact,
      at: params.token,
      args: ['Kairon', 'KRN', TREASURY, ...LAUNCH],
      tokenReserve: parseUnits('3200000', 18),
      bnbReserve: parseEther('80'),
      registerPair: true,
    });
    await issueTokens(chain, env, params.token, agent, parseUnits(params.held, 18));
    const { timestamp } = await chain.public.getBlock();
    // The announcement is mined in the next block (3 s later); the new rate starts 1 s after the head the instance begins at.
    const effectiveAt = timestamp + 3n + 3n * QUIET_BLOCKS + 1n;
    const schedule = encodeFunctionData({
      abi: KRN,
      functionName: 'scheduleTaxes',
      args: [LAUNCH[0], LAUNCH[1], params.new_tax * 100, effectiveAt],
    });
    await sendAs(chain, DEPLOYER, params.token, schedule);
    await chain.test.mine({ blocks: Number(QUIET_BLOCKS), interval: 3 });
    const head = await chain.public.getBlock();
    if (!(head.timestamp < effectiveAt && effectiveAt <= head.timestamp + 1n))
      throw new Error(`KRN's new rate starts at ${effectiveAt}, not right after the head (${head.timestamp})`);
  },
  observe: ({ chain, params, agent }) => transferSides(chain, params.token, agent, params.to),
  checks: [succeeded(5, 'the transfer went through'), callsFunction(5, 'transfer(address,uint256)'), ...taxedDeliveryChecks<Params>('KRN')],
});
