import { returns, type HardMutant } from '../../../src/tasks/mutants.ts';

const LIMIT_READS = `const client = createPublicClient({ transport: http(providerUrl) });
const c = parseAbi(['function getAccountLiquidity(address) view returns (uint256, uint256, uint256)', 'function getHypotheticalAccountLiquidity(address, address, uint256, uint256) view returns (uint256, uint256, uint256)', 'function getAssetsIn(address) view returns (address[])']);
const vt = parseAbi(['function borrow(uint256) returns (uint256)', 'function getAccountSnapshot(address) view returns (uint256, uint256, uint256, uint256)']);
const o = parseAbi(['function getUnderlyingPrice(address) view returns (uint256)']);
const d = deployedContracts;`;

const READ_IMPORTS = "import { createPublicClient, encodeFunctionData, http, parseAbi, parseUnits, zeroAddress } from 'viem';";

const borrowUsdt = (amountExpr: string) =>
  `return { to: d.vUSDT, data: encodeFunctionData({ abi: vt, functionName: 'borrow', args: [${amountExpr}] }) };`;

export const mutants: HardMutant[] = [
  {
    kind: 'wrong_function',
    mechanism: { fails: ['borrowed the stated share of the borrow limit, in whole USDT'] },
    name: 'sizes the borrow with getAccountLiquidity (liquidation thresholds)',
    script: ({ params }) =>
      returns(
        `${LIMIT_READS}
const [, liq] = await client.readContract({ address: d.venus_comptroller, abi: c, functionName: 'getAccountLiquidity', args: [agentAddress] });
const whole = liq * ${params.pct}n / 100n / 10n ** 18n;
${borrowUsdt('whole * 10n ** 18n')}`,
        READ_IMPORTS,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'takes the share of the collateral value, not of the limit',
    script: ({ params }) =>
      returns(
        `${LIMIT_READS}
let value = 0n;
for (const v of await client.readContract({ address: d.venus_comptroller, abi: c, functionName: 'getAssetsIn', args: [agentAddress] })) {
  const [, bal, , rate] = await client.readContract({ address: v, abi: vt, functionName: 'getAccountSnapshot', args: [agentAddress] });
  const price = await client.readContract({ address: d.venus_oracle, abi: o, functionName: 'getUnderlyingPrice', args: [v] });
  value += bal * rate / 10n ** 18n * price / 10n ** 18n;
}
const whole = value * ${params.pct}n / 100n / 10n ** 18n;
${borrowUsdt('whole * 10n ** 18n')}`,
        READ_IMPORTS,
      ),
  },
  {
    kind: 'wrong_decimals',
    name: 'borrows the right number of USDT with 6 decimals (Ethereum habit)',
    script: ({ params }) =>
      returns(
        `${LIMIT_READS}
const [, liq] = await client.readContract({ address: d.venus_comptroller, abi: c, functionName: 'getHypotheticalAccountLiquidity', args: [agentAddress, zeroAddress, 0n, 0n] });
const whole = liq * ${params.pct}n / 100n / 10n ** 18n;
${borrowUsdt('whole * 10n ** 6n')}`,
        READ_IMPORTS,
      ),
  },
];
