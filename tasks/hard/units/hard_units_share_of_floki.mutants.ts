import { returns, type HardMutant } from '../../../src/tasks/mutants.ts';
import { transfer, VIEM } from './_mutant-helpers.ts';

const FLOKI_BALANCE = `const c = createPublicClient({ transport: http(providerUrl) });
const bal = await c.readContract({ address: deployedContracts.FLOKI, abi: erc20Abi, functionName: 'balanceOf', args: [agentAddress] });`;

export const mutants: HardMutant[] = [
  {
    kind: 'wrong_decimals',
    name: 'formats the balance in whole tokens and sends the share with 18 decimals',
    script: ({ params }) =>
      returns(
        `${FLOKI_BALANCE}\n` +
          transfer('0x0', params.to, `parseUnits((Number(formatUnits(bal, 9)) * ${params.pct} / 100).toFixed(9), 18)`).replace(
            '"0x0"',
            'deployedContracts.FLOKI',
          ),
        VIEM,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'takes the share of the 20,000,000 FLOKI the wallet started with',
    script: ({ params }) =>
      returns(
        transfer('0x0', params.to, `parseUnits(String(20_000_000 * ${params.pct} / 100), 9)`).replace('"0x0"', 'deployedContracts.FLOKI'),
        VIEM,
      ),
  },
  {
    kind: 'wrong_decimals',
    mechanism: { fails: ['the recipient received exactly the share of the balance', 'the wallet paid exactly that share'] },
    name: 'reads the balance with formatEther, then sends the share in FLOKI units',
    script: ({ params }) =>
      returns(
        `${FLOKI_BALANCE}\n` +
          transfer('0x0', params.to, `parseUnits((Number(formatUnits(bal, 18)) * ${params.pct} / 100).toFixed(9), 9)`).replace(
            '"0x0"',
            'deployedContracts.FLOKI',
          ),
        VIEM,
      ),
  },
];
