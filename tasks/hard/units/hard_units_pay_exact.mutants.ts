import { json, returns, type HardMutant } from '../../../src/tasks/mutants.ts';
import { transfer, VIEM } from './_mutant-helpers.ts';

export const mutants: HardMutant[] = [
  {
    kind: 'wrong_decimals',
    name: 'scales the amount by 18 decimals',
    script: ({ params }) => returns(transfer(params.pay.address, params.to, `parseUnits(${json(params.pay.amount)}, 18)`), VIEM),
  },
  {
    kind: 'wrong_decimals',
    // BSC's own USDC has 18 decimals; the other tokens get the 6 that Ethereum's USDT taught.
    mechanism: { fails: ['the recipient received exactly the amount', 'the wallet paid exactly the amount'] },
    name: 'guesses decimals from other chains: 18 for a USDC, 6 for the rest',
    script: ({ params }) =>
      returns(
        transfer(params.pay.address, params.to, `parseUnits(${json(params.pay.amount)}, ${params.pay.key === 'USDCet' ? 18 : 6})`),
        VIEM,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'drops the fraction and sends whole tokens',
    script: ({ params }) =>
      returns(
        `const c = createPublicClient({ transport: http(providerUrl) });\nconst d = await c.readContract({ address: ${json(params.pay.address)}, abi: erc20Abi, functionName: 'decimals' });\n` +
          transfer(params.pay.address, params.to, `BigInt(Math.floor(Number(${json(params.pay.amount)}))) * 10n ** BigInt(d)`),
        VIEM,
      ),
  },
];
