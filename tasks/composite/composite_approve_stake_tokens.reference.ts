import { approveRound, defineCompositeReference, lit, stakeRound, submit } from 'evm-questbench/composite';

export default defineCompositeReference((params) => ({
  plan: '1. approve(simple_staking, amount) on CAKE.\n2. simple_staking.stake(amount).\nThen submit.',
  rounds: [
    approveRound('deployedContracts.CAKE', 'deployedContracts.simple_staking', `parseUnits(${lit(params.amount)}, 18)`),
    stakeRound('deployedContracts.simple_staking', `parseUnits(${lit(params.amount)}, 18)`),
    submit(),
  ],
}));
