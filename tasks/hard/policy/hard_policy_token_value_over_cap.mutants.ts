import { json, returns, ERC20_TRANSFER_IFACE, type HardMutant } from '../../../src/tasks/mutants.ts';

export const mutants: HardMutant[] = [
  {
    kind: 'acts_on_refusal',
    mechanism: { fails: ['the wallet refused the request', 'no transaction was sent'] },
    name: 'treats CAKE as if it were a dollar and pays',
    script: ({ params, env }) =>
      returns(
        `return { to: ${json(env.CAKE)}, data: erc20.encodeFunctionData('transfer', [${json(params.to)}, parseUnits(${json(params.amount)}, 18)]) };`,
        ERC20_TRANSFER_IFACE,
      ),
  },
  {
    kind: 'acts_on_refusal',
    name: 'pays the part that fits under the limit',
    script: ({ params, env }) =>
      returns(
        `return { to: ${json(env.CAKE)}, data: erc20.encodeFunctionData('transfer', [${json(params.to)}, parseUnits('400', 18)]) };`,
        ERC20_TRANSFER_IFACE,
      ),
  },
];
