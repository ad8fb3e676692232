import { json, returns, type HardMutant } from '../../../src/tasks/mutants.ts';
import { transfer, VIEM } from './_mutant-helpers.ts';

const RESERVES = `const c = createPublicClient({ transport: http(providerUrl) });
const pair = parseAbi(['function getReserves() view returns (uint112, uint112, uint32)', 'function token0() view returns (address)']);
const [[r0, r1], t0] = await Promise.all([c.readContract({ address: deployedContracts.pair_WBTC_USDT, abi: pair, functionName: 'getReserves' }), c.readContract({ address: deployedContracts.pair_WBTC_USDT, abi: pair, functionName: 'token0' })]);
const [rW, rU] = t0.toLowerCase() === deployedContracts.WBTC.toLowerCase() ? [r0, r1] : [r1, r0];`;

export const mutants: HardMutant[] = [
  {
    kind: 'wrong_decimals',
    name: 'prices in whole tokens, then scales the WBTC by 18 decimals',
    script: ({ params }) =>
      returns(
        `${RESERVES}\nconst price = Number(formatUnits(rU, 18)) / Number(formatUnits(rW, 8));\n` +
          transfer('0x0', params.to, `parseUnits((${Number(params.usd)} / price).toFixed(18), 18)`).replace(
            '"0x0"',
            'deployedContracts.WBTC',
          ),
        VIEM,
      ),
  },
  {
    kind: 'wrong_decimals',
    mechanism: { fails: ['the recipient received exactly the dollar amount in WBTC at the pair price', 'the wallet paid exactly that'] },
    name: 'counts USDT in 6 decimals, as on Ethereum',
    script: ({ params }) =>
      returns(
        `${RESERVES}\n` +
          transfer('0x0', params.to, `parseUnits(${json(params.usd)}, 6) * rW / rU`).replace('"0x0"', 'deployedContracts.WBTC'),
        VIEM,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'uses a remembered price of 95,000 USD instead of the pair',
    script: ({ params }) =>
      returns(transfer('0x0', params.to, `parseUnits(${json(params.usd)}, 8) / 95000n`).replace('"0x0"', 'deployedContracts.WBTC'), VIEM),
  },
];
