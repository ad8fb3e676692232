import { isAddressEqual, parseAbi, parseEventLogs } from 'viem';
import { callsFunction, defineValidator, succeeded } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'contract_delegate_call'>;
type State = { proxy: bigint };

const STORE = parseAbi(['function value() view returns (uint256)', 'event ValueSet(uint256 value)']);

export default defineValidator<Params, State>({
  kind: 'transaction',
  // A call straight to the implementation writes the implementation's storage: it earns nothing.
  target: ({ params }) => params.proxy,
  observe: async ({ chain, params }) => ({
    proxy: await chain.readContract({ address: params.proxy, abi: STORE, functionName: 'value' }),
  }),
  checks: [
    succeeded(15, 'call to the proxy succeeded'),
    callsFunction(20, 'setValue(uint256)'),
    {
      name: "proxy's value() is exactly the requested number",
      weight: 55,
      verify: ({ post, params }) => ({
        pass: post.proxy === BigInt(params.value),
        detail: `proxy value ${post.proxy}, expected ${params.value}`,
      }),
    },
    {
      // Delegated code runs in the proxy's context, so its event is logged under the proxy's address.
      name: 'ValueSet was emitted in the proxy context with the value',
      weight: 10,
      verify: ({ receipt, params }) => {
        const logs = parseEventLogs({ abi: STORE, logs: receipt?.logs ?? [], eventName: 'ValueSet' });
        const hit = logs.find((l) => isAddressEqual(l.address, params.proxy) && l.args.value === BigInt(params.value));
        return { pass: !!hit, detail: hit ? 'ValueSet logged by the proxy' : `no ValueSet(${params.value}) log from the proxy` };
      },
    },
  ],
});
