import { hexToBytes, parseEther } from 'viem';
import { compareAmount, defineValidator, gasCost, succeeded, transferSides } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'bnb_transfer_with_message'>;
type State = { agent: bigint; recipient: bigint };

/** The calldata read as UTF-8; surrounding whitespace and trailing NUL padding are forgiven, anything else is not the note. */
function note(data: `0x${string}`): { text?: string; error?: string } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(data));
    return { text: text.replace(/\u0000+$/u, '').trim() };
  } catch {
    return { error: 'calldata is not valid UTF-8' };
  }
}

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ params }) => params.to,
  observe: ({ chain, params, agent }) => transferSides(chain, undefined, agent, params.to),
  checks: [
    succeeded(10, 'BNB transfer to the recipient succeeded'),
    {
      name: 'recipient received exactly the amount',
      weight: 40,
      verify: ({ pre, post, params }) =>
        compareAmount('received', post.recipient - pre.recipient, parseEther(params.amount), { symbol: 'BNB' }),
    },
    {
      // Half the request is the note: a bare transfer, an ABI-encoded string or hex-of-hex all fail here.
      name: 'data field is the note in UTF-8',
      weight: 45,
      verify: ({ tx, params }) => {
        const data = tx?.data ?? '0x';
        if (data === '0x') return { pass: false, detail: 'no data attached' };
        const n = note(data);
        if (n.error !== undefined) return { pass: false, detail: n.error };
        const pass = n.text === params.message;
        return {
          pass,
          detail: pass
            ? `data reads "${n.text}"`
            : `data reads ${JSON.stringify((n.text ?? '').slice(0, 80))}, expected "${params.message}"`,
        };
      },
    },
    {
      name: 'sender paid the amount plus gas, nothing more',
      weight: 5,
      verify: (ctx) =>
        compareAmount('spent', ctx.pre.agent - ctx.post.agent, parseEther(ctx.params.amount) + gasCost(ctx), { symbol: 'BNB' }),
    },
  ],
});
