import { returns, type HardMutant } from '../../../src/tasks/mutants.ts';
import { transfer, VIEM } from './_mutant-helpers.ts';

export const mutants: HardMutant[] = [
  {
    kind: 'wrong_amount',
    mechanism: { fails: ['the recipient received the share of the current balance', 'the wallet paid that share'] },
    name: 'takes the share of the 1,000 ORB the wallet was funded with',
    script: ({ params }) =>
      returns(transfer('deployedContracts.ORB', params.to, `parseUnits(String(1000 * ${params.pct} / 100), 18)`), VIEM),
  },
  {
    kind: 'wrong_amount',
    name: 'takes the share of the internal shares (sharesOf) instead of the balance',
    script: ({ params }) =>
      returns(
        `const c = createPublicClient({ transport: http(providerUrl) });\nconst shares = await c.readContract({ address: deployedContracts.ORB, abi: parseAbi(['function sharesOf(address) view returns (uint256)']), functionName: 'sharesOf', args: [agentAddress] });\n` +
          transfer('deployedContracts.ORB', params.to, `shares * ${params.pct}n / 100n`),
        VIEM,
      ),
  },
];
