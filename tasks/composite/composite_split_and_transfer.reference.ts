import { parseUnits } from 'viem';
import {
  balanceChanges,
  balanceOf,
  defineCompositeReference,
  lastQueryResult,
  query,
  read,
  script,
  submit,
  transferToken,
  defined,
} from 'evm-questbench/composite';
import { chainKey } from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_split_and_transfer'>;

const reference = defineCompositeReference((params: Params) => {
  const { token } = params;
  // The planted balance, in the token's decimals as the balance query reported them (Base's USDC has 6).
  const total = (feedback: readonly string[]) =>
    parseUnits(params.planted, Number(lastQueryResult(feedback, { type: 'token_balance' }).decimals));
  const balance = read(balanceOf, { token: token.address });
  return {
    plan: '1. Send half of my USDT balance to the first address.\n2. Send everything left (the other half) to the second.\n3. Query my USDT balance.\nThen submit the two amounts and the remainder.',
    rounds: [
      script(transferToken, {
        token: token.address,
        to: params.address1,
        amount: read((_ctx, a: { balance: bigint }) => a.balance / 2n, { balance }),
      }),
      script(transferToken, { token: token.address, to: params.address2, amount: balance }),
      query({ type: 'token_balance', token: 'USDT', address: 'agent' }),
      (feedback) => {
        const t = total(feedback);
        return submit({ toFirst: (t / 2n).toString(), toSecond: (t - t / 2n).toString(), remaining: '0' });
      },
    ],
  };
});

export default reference;

/** Every step the request asks for, one round each: the amounts sent as the two transfers' feedback showed them, the remainder as read. */
export const literal = defineCompositeReference((params: Params, env, chain) => {
  const { plan, rounds } = reference(params, env, chain);
  const answer = (feedback: readonly string[]) => {
    // The feedback names the token as the chain does (USDC on Base).
    const [first, second] = balanceChanges(feedback).map((c) => -(c.get(chainKey(chain, params.token.symbol)) ?? 0n));
    return submit({
      toFirst: defined(first, 'the first transfer').toString(),
      toSecond: defined(second, 'the second transfer').toString(),
      remaining: lastQueryResult(feedback, { type: 'token_balance' }).raw,
    });
  };
  return { plan, rounds: [...rounds.slice(0, 3), answer] };
});
