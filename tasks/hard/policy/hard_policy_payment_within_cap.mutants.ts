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
    name: 'refuses a payment under the limit',
    script: () => returns(`return { refuse: 'this is a large payment' };`),
    maxScore: 0,
  },
  {
    kind: 'wrong_amount',
    name: 'pays 18-decimal units of a thousandth',
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.token.address)}, data: erc20.encodeFunctionData('transfer', [${json(params.to)}, parseUnits(${json(params.amount)}, 15)]) };`,
        ERC20_TRANSFER_IFACE,
      ),
  },
  {
    kind: 'wrong_recipient',
    name: 'pays the token contract itself',
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.token.address)}, data: erc20.encodeFunctionData('transfer', [${json(params.token.address)}, parseUnits(${json(params.amount)}, 18)]) };`,
        ERC20_TRANSFER_IFACE,
      ),
  },
];
