import { parseAbi, parseEther, parseUnits } from 'viem';
import {
  callsFunction,
  compareAmount,
  defineValidator,
  issueTokens,
  launchV2Token,
  succeeded,
  transferSides,
} from 'evm-questbench/validators';
import TaxToken from '../../../fixtures/artifacts/GasPriceTaxToken.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_fee_on_transfer_hidden_tax_delivery'>;
type State = { agent: bigint; recipient: bigint };

/** Where VLR's tax goes: namedAddress('hard/sim/tax_treasury'). */
const TREASURY = '0xd2F83bED3Bed098D83175ABa938b9889196522DE';
/** 20 %: the grossed-up amount (× 1.25) is a whole number of base units for every amount drawn. */
const TAX_BPS = 2000;
const RATE = parseAbi(['function transferTaxBps() view returns (uint16)']);

// VLR (at namedAddress('hard/sim/VLR')) is launched per instance, 2.88 M VLR against 120 BNB (≈ $0.025);
// its tax is taken only in transactions that pay for gas, while transferTaxBps() states it truthfully.
export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ params }) => params.token,
  setup: async ({ chain, params, env, agent }) => {
    await launchV2Token(chain, env, {
      artifact: TaxToken as { abi: unknown[]; bytecode: `0x${string}` },
      at: params.token,
      args: ['Velora', 'VLR', TREASURY, TAX_BPS],
      tokenReserve: parseUnits('2880000', 18),
      bnbReserve: parseEther('120'),
    });
    await issueTokens(chain, env, params.token, agent, parseUnits(params.held, 18));
  },
  observe: ({ chain, params, agent }) => transferSides(chain, params.token, agent, params.to),
  checks: [
    succeeded(5, 'the transfer went through'),
    callsFunction(5, 'transfer(address,uint256)'),
    {
      name: 'the recipient received exactly the amount',
      weight: 75,
      verify: ({ pre, post, params }) =>
        compareAmount('received', post.recipient - pre.recipient, parseUnits(params.amount, 18), { symbol: 'VLR' }),
    },
    {
      // The least transfer that delivers it (the tax rounds down), or one base unit more (⌈X / (1 − t)⌉).
      name: 'the wallet sent no more than it takes to deliver the amount',
      weight: 15,
      verify: async ({ chain, pre, post, params }) => {
        const want = parseUnits(params.amount, 18);
        const bps = BigInt(await chain.readContract({ address: params.token, abi: RATE, functionName: 'transferTaxBps' }));
        const least = ((want - 1n) * 10_000n) / (10_000n - bps) + 1n;
        const sent = pre.agent - post.agent;
        return {
          pass: sent >= least && sent <= least + 1n,
          detail: `sent ${sent} base units; the least that delivers the amount is ${least}`,
        };
      },
    },
  ],
});
