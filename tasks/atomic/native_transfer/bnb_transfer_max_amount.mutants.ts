import { json, returns, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';

const PROVIDER = "import { JsonRpcProvider, parseEther } from 'ethers';";

export const mutants: Mutant[] = [
  {
    kind: 'wrong_amount',
    name: 'sends 99 % of the balance',
    script: ({ params }) =>
      returns(
        `const b = await new JsonRpcProvider(providerUrl).getBalance(agentAddress); return { to: ${json(params.to)}, value: b * 99n / 100n };`,
        PROVIDER,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'keeps a fixed 0.01 BNB buffer',
    script: ({ params }) =>
      returns(
        `const b = await new JsonRpcProvider(providerUrl).getBalance(agentAddress); return { to: ${json(params.to)}, value: b - parseEther('0.01') };`,
        PROVIDER,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'sends the full balance with no room for gas',
    script: ({ params }) =>
      returns(
        `const b = await new JsonRpcProvider(providerUrl).getBalance(agentAddress); return { to: ${json(params.to)}, value: b };`,
        PROVIDER,
      ),
  },
  {
    kind: 'wrong_recipient',
    name: 'sweeps to a different address',
    script: () =>
      returns(
        `const p = new JsonRpcProvider(providerUrl); const b = await p.getBalance(agentAddress); const g = (await p.getFeeData()).gasPrice!; return { to: ${json(BURN_ADDRESS)}, value: b - 21000n * g, gasLimit: 21000n, gasPrice: g };`,
        PROVIDER,
      ),
  },
];
