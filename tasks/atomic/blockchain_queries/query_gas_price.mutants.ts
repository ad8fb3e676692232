import { returns, type Mutant } from '../../../src/tasks/mutants.ts';
import { ETHERS } from './_mutant-helpers.ts';

const VIEM = "import { createPublicClient, http } from 'viem';";

export const mutants: Mutant[] = [
  { kind: 'wrong_answer', name: 'assumes 1 gwei', script: () => returns('return { answer: "1000000000" };') },
  {
    kind: 'wrong_answer',
    name: 'answers in gwei',
    script: () =>
      returns(
        'const c = createPublicClient({ transport: http(providerUrl) }); return { answer: (Number(await c.getGasPrice()) / 1e9).toString() };',
        VIEM,
      ),
  },
  {
    kind: 'wrong_answer',
    name: "answers the latest block's base fee",
    script: () =>
      returns(
        "const b = await new JsonRpcProvider(providerUrl).getBlock('latest'); return { answer: b!.baseFeePerGas!.toString() };",
        ETHERS,
      ),
  },
  {
    kind: 'wrong_answer',
    name: 'answers the EIP-1559 maxFeePerGas estimate',
    script: () =>
      returns('const f = await new JsonRpcProvider(providerUrl).getFeeData(); return { answer: f.maxFeePerGas!.toString() };', ETHERS),
  },
];
