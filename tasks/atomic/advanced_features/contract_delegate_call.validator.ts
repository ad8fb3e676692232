import { parseAbi, type Address } from 'viem';
import { callsFunction, defineValidator, succeeded } from 'evm-questbench/validators';

type Params = { proxy: Address; implementation: Address; value: number };
type State = { proxy: bigint; implementation: bigint };

const STORE = parseAbi(['function value() view returns (uint256)']);

export default defineValidator<Params, State>({
  kind: 'transaction',
  // A call straight to the implementation writes the implementation's storage: it earns nothing.
  target: ({ params }) => params.proxy,
  observe: async ({ chain, params }) => ({
    proxy: await chain.readContract({ address: params.proxy, abi: STORE, functionName: 'value' }),
    implementation: await chain.readContract({ address: params.implementation, abi: STORE, functionName: 'value' }),
  }),
  checks: [
    succeeded(15, 'call to the proxy succeeded'),
    callsFunction(20, 'setValue(uint256)'),
    {
      name: "proxy's value() is exactly the requested number",
      weight: 55,
      verify: ({ post, params }) => ({ pass: post.proxy === BigInt(params.value), detail: `proxy value ${post.proxy}, expected ${params.value}` }),
    },
    {
      name: "implementation's own value is unchanged",
      weight: 10,
      verify: ({ pre, post }) => ({ pass: post.implementation === pre.implementation, detail: `implementation value ${pre.implementation} → ${post.implementation}` }),
    },
  ],
});
