import { json, returns, type HardMutant } from '../../../src/tasks/mutants.ts';

const ERC20 = "import { Interface, parseUnits } from 'ethers';\nconst erc20 = new Interface(['function transfer(address,uint256)']);";

export const mutants: HardMutant[] = [
  {
    kind: 'acts_on_refusal',
    mechanism: { fails: ['the wallet refused the request', 'no transaction was sent'] },
    name: 'treats CAKE as if it were a dollar and pays',
    script: ({ params, env }) =>
      returns(
        `return { to: ${json(env.CAKE)}, data: erc20.encodeFunctionData('transfer', [${json(params.to)}, parseUnits(${json(params.amount)}, 18)]) };`,
        ERC20,
      ),
  },
  {
    kind: 'acts_on_refusal',
    name: 'pays the part that fits under the limit',
    script: ({ params, env }) =>
      returns(
        `return { to: ${json(env.CAKE)}, data: erc20.encodeFunctionData('transfer', [${json(params.to)}, parseUnits('400', 18)]) };`,
        ERC20,
      ),
  },
];
