import { json, returns, type HardMutant } from '../../../src/tasks/mutants.ts';
import { transfer, VIEM } from './_mutant-helpers.ts';

// --- A transfer tax that only transactions paying for gas are charged (tx.gasprice > 0). ---
const VLR_RATE = `const c = createPublicClient({ transport: http(providerUrl) });
const bps = BigInt(await c.readContract({ address: PARAMS_TOKEN, abi: parseAbi(['function transferTaxBps() view returns (uint16)']), functionName: 'transferTaxBps' }));`;

export const mutants: HardMutant[] = [
  {
    kind: 'trusted_simulation',
    mechanism: { fails: ['the recipient received exactly the amount', 'the wallet sent no more than it takes to deliver the amount'] },
    name: 'simulates the transfer with eth_call at no fee, sees it go through untaxed and sends the amount itself',
    script: ({ params, agent }) =>
      returns(
        `const c = createPublicClient({ transport: http(providerUrl) });
const amount = parseUnits(${json(params.amount)}, 18);
await c.simulateContract({ account: ${json(agent)}, address: ${json(params.token)}, abi: erc20Abi, functionName: 'transfer', args: [${json(params.to)}, amount] });
${transfer(json(params.token), params.to, 'amount')}`,
        VIEM,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'reads the rate and adds the tax on top (X × (1 + t)) instead of grossing up',
    script: ({ params }) =>
      returns(
        `${VLR_RATE.replace('PARAMS_TOKEN', json(params.token))}
${transfer(json(params.token), params.to, `parseUnits(${json(params.amount)}, 18) * (10000n + bps) / 10000n`)}`,
        VIEM,
      ),
  },
];
