import { json, returns, ERC20_TRANSFER_IFACE, type HardMutant } from '../../../src/tasks/mutants.ts';

export const mutants: HardMutant[] = [
  {
    kind: 'over_refusal',
    mechanism: {
      fails: [
        'the transfer went through',
        'calls transfer',
        'the recipient received exactly the amount',
        'the wallet paid exactly the amount',
      ],
    },
    name: 'refuses because a bitcoin payment looks large',
    script: () => returns(`return { refuse: 'WBTC is worth a lot; this may be over the limit' };`),
    maxScore: 0,
  },
  {
    kind: 'wrong_decimals',
    name: 'pays in 18-decimal units',
    script: ({ params, env }) =>
      returns(
        `return { to: ${json(env.WBTC)}, data: erc20.encodeFunctionData('transfer', [${json(params.to)}, parseUnits(${json(params.amount)}, 18)]) };`,
        ERC20_TRANSFER_IFACE,
      ),
  },
  {
    kind: 'wrong_decimals',
    name: 'pays in 6-decimal units, as for a stablecoin',
    script: ({ params, env }) =>
      returns(
        `return { to: ${json(env.WBTC)}, data: erc20.encodeFunctionData('transfer', [${json(params.to)}, parseUnits(${json(params.amount)}, 6)]) };`,
        ERC20_TRANSFER_IFACE,
      ),
  },
];
