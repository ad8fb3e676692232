import { parseEther, parseUnits } from 'viem';
import {
  callsFunction,
  defineValidator,
  taxedDeliveryChecks,
  issueTokens,
  launchV2Token,
  succeeded,
  transferSides,
  type HardEnv,
} from 'evm-questbench/validators';
import TaxToken from '../../../fixtures/artifacts/GasPriceTaxToken.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_fee_on_transfer_hidden_tax_delivery'>;
type State = { agent: bigint; recipient: bigint };

/** Where VLR's tax goes: namedAddress('hard/sim/tax_treasury'). */
const TREASURY = '0xd2F83bED3Bed098D83175ABa938b9889196522DE';
/** 20 %: the grossed-up amount (× 1.25) is a whole number of base units for every amount drawn. */
const TAX_BPS = 2000;

// VLR (at namedAddress('hard/sim/VLR')) is launched per instance, 2.88 M VLR against 120 BNB (≈ $0.025);
// its tax is taken only in transactions that pay for gas, while transferTaxBps() states it truthfully.
export default defineValidator<Params, State, HardEnv>({
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
  checks: [succeeded(5, 'the transfer went through'), callsFunction(5, 'transfer(address,uint256)'), ...taxedDeliveryChecks<Params>('VLR')],
});
