import { returns, type HardMutant } from '../../../src/tasks/mutants.ts';

const V3_IMPORTS = "import { createPublicClient, encodeFunctionData, encodePacked, http, parseAbi, parseUnits, maxUint256 } from 'viem';";

/** An exactOutput of WBTC paid in USDT: `path` and `cap` are expressions over d (the address map), amountOut and quote. */
const exactOutput = (p: Record<string, any>, pathExpr: string, capExpr: string, quoted = true) =>
  returns(
    `const client = createPublicClient({ transport: http(providerUrl) });
const d = deployedContracts;
const amountOut = parseUnits(${JSON.stringify(p.amount)}, 8);
const path = ${pathExpr};
const q = parseAbi(['function quoteExactOutput(bytes, uint256) returns (uint256, uint160[], uint32[], uint256)']);
const quote = ${quoted ? "(await client.simulateContract({ address: d.v3_quoter, abi: q, functionName: 'quoteExactOutput', args: [path, amountOut], account: agentAddress })).result[0]" : '0n'};
const r = parseAbi(['struct P { bytes path; address recipient; uint256 deadline; uint256 amountOut; uint256 amountInMaximum; }', 'function exactOutput(P) payable returns (uint256)']);
const { timestamp } = await client.getBlock();
return { to: d.v3_swap_router, data: encodeFunctionData({ abi: r, functionName: 'exactOutput', args: [{ path, recipient: agentAddress, deadline: timestamp + 600n, amountOut, amountInMaximum: ${capExpr} }] }) };`,
    V3_IMPORTS,
  );

const pathOf = (a: string, f1: number, b: string, f2: number, c: string) =>
  `encodePacked(['address', 'uint24', 'address', 'uint24', 'address'], [d.${a}, ${f1}, d.${b}, ${f2}, d.${c}])`;

export const mutants: HardMutant[] = [
  {
    kind: 'wrong_fee_tier',
    mechanism: {
      fails: ['paid the price of the route through the deepest pools', 'the USDT cap is the quote plus the stated margin, no more'],
    },
    name: 'routes through the 0.25 % tiers (not the deepest) with a quote of its own',
    script: ({ params }) => exactOutput(params, pathOf('WBTC', 2500, 'WBNB', 2500, 'USDT'), `quote * ${100 + params.slip}n / 100n`),
  },
  {
    kind: 'wrong_fee_tier',
    name: "Uniswap's 3000 tier on both hops, capped by the balance",
    script: ({ params }) => exactOutput(params, pathOf('WBTC', 3000, 'WBNB', 3000, 'USDT'), 'parseUnits("1000", 18)', false),
  },
  {
    kind: 'wrong_function',
    name: 'writes the exact-output path in the input-to-output order',
    script: ({ params }) => exactOutput(params, pathOf('USDT', 500, 'WBNB', 500, 'WBTC'), 'parseUnits("1000", 18)', false),
  },
  {
    kind: 'zero_minimum',
    name: 'right route, no cap on the USDT spent',
    script: ({ params }) => exactOutput(params, pathOf('WBTC', 500, 'WBNB', 500, 'USDT'), 'maxUint256'),
  },
];
