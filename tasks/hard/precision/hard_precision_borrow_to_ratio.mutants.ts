import { returns, type HardMutant } from '../../../src/tasks/mutants.ts';

const VENUS_IMPORTS = "import { createPublicClient, encodeFunctionData, http, parseAbi, zeroAddress } from 'viem';";

const VENUS_READS = `const client = createPublicClient({ transport: http(providerUrl) });
const d = deployedContracts;
const one = 10n ** 18n;
const c = parseAbi(['function getHypotheticalAccountLiquidity(address, address, uint256, uint256) view returns (uint256, uint256, uint256)', 'function markets(address) view returns (bool, uint256, bool, uint256, uint256, uint96, bool)']);
const vt = parseAbi(['function borrow(uint256) returns (uint256)', 'function getAccountSnapshot(address) view returns (uint256, uint256, uint256, uint256)']);
const o = parseAbi(['function getUnderlyingPrice(address) view returns (uint256)']);
const price = (v) => client.readContract({ address: d.venus_oracle, abi: o, functionName: 'getUnderlyingPrice', args: [v] });
const snap = (v) => client.readContract({ address: v, abi: vt, functionName: 'getAccountSnapshot', args: [agentAddress] });
const [, bnbV, , bnbRate] = await snap(d.vBNB);
const collateral = bnbV * bnbRate / one * (await price(d.vBNB)) / one;
const [, , cakeDebt] = await snap(d.vCAKE);
const debt = cakeDebt * (await price(d.vCAKE)) / one;`;

const borrowWhole = (usdExpr: string) =>
  `const whole = (${usdExpr}) / one;\nreturn { to: d.vUSDT, data: encodeFunctionData({ abi: vt, functionName: 'borrow', args: [whole * one] }) };`;

export const mutants: HardMutant[] = [
  {
    kind: 'wrong_amount',
    name: "borrows the whole borrow limit (the protocol's 125 %, not the owner's ratio)",
    script: () =>
      returns(
        `${VENUS_READS}\nconst [, liq] = await client.readContract({ address: d.venus_comptroller, abi: c, functionName: 'getHypotheticalAccountLiquidity', args: [agentAddress, zeroAddress, 0n, 0n] });\n${borrowWhole('liq')}`,
        VENUS_IMPORTS,
      ),
  },
  {
    kind: 'wrong_amount',
    mechanism: {
      fails: [
        'the collateral ratio after the borrow is at least the stated one',
        'the loan is the largest whole-USDT amount that keeps the ratio',
      ],
    },
    name: 'forgets the CAKE debt the account already has',
    script: ({ params }) => returns(`${VENUS_READS}\n${borrowWhole(`collateral * 100n / ${params.ratio}n`)}`, VENUS_IMPORTS),
  },
  {
    kind: 'wrong_amount',
    name: 'weighs the collateral by its collateral factor before applying the ratio',
    script: ({ params }) =>
      returns(
        `${VENUS_READS}\nconst [, cf] = await client.readContract({ address: d.venus_comptroller, abi: c, functionName: 'markets', args: [d.vBNB] });\n${borrowWhole(`collateral * cf / one * 100n / ${params.ratio}n - debt`)}`,
        VENUS_IMPORTS,
      ),
  },
];
