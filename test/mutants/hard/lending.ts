import { parseUnits, type Address } from 'viem';
import { approve, call, read, redeemAll, script, submit, type ScriptRound, type SkillContext } from '../../../src/composite/reference.ts';
import type { EnvMap } from '../../../src/tasks/instantiate.ts';
import { json, returns } from '../types.ts';
import { BALANCE_PROBE } from '../../helpers/balance-probe.ts';
import type { HardMutantTable } from './types.ts';

const VIEM = "import { encodeFunctionData, parseAbi, parseUnits, maxUint256 } from 'viem';";
const VTOKEN =
  "const vt = parseAbi(['function redeem(uint256) returns (uint256)', 'function redeemUnderlying(uint256) returns (uint256)', 'function borrow(uint256) returns (uint256)', 'function repayBorrow(uint256) returns (uint256)', 'function mint(uint256) returns (uint256)']);";
/** A single call on a vToken, with its argument as a literal expression. */
const vcall = (to: string, fn: string, arg: string) =>
  returns(`${VTOKEN}\nreturn { to: ${json(to)}, data: encodeFunctionData({ abi: vt, functionName: ${json(fn)}, args: [${arg}] }) };`, VIEM);

export const mutants: HardMutantTable = {
  hard_lending_redeem_exact: [
    {
      kind: 'wrong_function',
      mechanism: { fails: ['the wallet received exactly the BNB asked for', 'the Venus supply fell by that amount and no more'] },
      name: 'redeem() with the BNB amount in vToken units (8 decimals)',
      script: ({ params, env }) => vcall(env.vBNB!, 'redeem', `parseUnits(${json(params.amount)}, 8)`),
    },
    {
      kind: 'wrong_function',
      name: 'redeem() with the BNB amount in 18 decimals (more vTokens than held)',
      script: ({ params, env }) => vcall(env.vBNB!, 'redeem', `parseUnits(${json(params.amount)}, 18)`),
    },
    { kind: 'wrong_amount', name: 'redeems the whole supply', script: ({ env }) => vcall(env.vBNB!, 'redeem', `100n * 10n ** 8n`) },
  ],
};

const LIMIT_READS = `const client = createPublicClient({ transport: http(providerUrl) });
const c = parseAbi(['function getAccountLiquidity(address) view returns (uint256, uint256, uint256)', 'function getHypotheticalAccountLiquidity(address, address, uint256, uint256) view returns (uint256, uint256, uint256)', 'function getAssetsIn(address) view returns (address[])']);
const vt = parseAbi(['function borrow(uint256) returns (uint256)', 'function getAccountSnapshot(address) view returns (uint256, uint256, uint256, uint256)']);
const o = parseAbi(['function getUnderlyingPrice(address) view returns (uint256)']);
const d = deployedContracts;`;
const READ_IMPORTS = "import { createPublicClient, encodeFunctionData, http, parseAbi, parseUnits, zeroAddress } from 'viem';";
const borrowUsdt = (amountExpr: string) =>
  `return { to: d.vUSDT, data: encodeFunctionData({ abi: vt, functionName: 'borrow', args: [${amountExpr}] }) };`;

mutants.hard_lending_borrow_share_of_limit = [
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

const enter = (env: EnvMap, vToken: string) =>
  script(call, {
    to: env.venus_comptroller!,
    signature: 'function enterMarkets(address[]) returns (uint256[])',
    args: [[vToken as Address]],
  });
const mint = (vToken: string, amount: bigint) =>
  script(call, { to: vToken as Address, signature: 'function mint(uint256) returns (uint256)', args: [amount] });

mutants.hard_lending_supply_wbtc_collateral = [
  {
    kind: 'no_enter_markets',
    mechanism: { fails: ['the WBTC supply counts as collateral'] },
    name: 'supplies the WBTC and never enters the market',
    episode: (p, env) => {
      const amount = parseUnits(p.amount, 8);
      return {
        plan: 'approve, mint',
        rounds: [script(approve, { token: env.WBTC!, spender: env.vWBTC!, amount }), mint(env.vWBTC!, amount), submit()],
      };
    },
  },
  {
    kind: 'wrong_decimals',
    name: 'sizes WBTC with 18 decimals',
    episode: (p, env) => {
      const amount = parseUnits(p.amount, 18);
      return {
        plan: 'approve, mint, enter',
        rounds: [
          script(approve, { token: env.WBTC!, spender: env.vWBTC!, amount }),
          mint(env.vWBTC!, amount),
          enter(env, env.vWBTC!),
          submit(),
        ],
      };
    },
  },
  {
    kind: 'wrong_function',
    name: 'calls enterMarkets on the vToken instead of the comptroller',
    episode: (p, env) => {
      const amount = parseUnits(p.amount, 8);
      return {
        plan: 'approve, mint, enter on the market',
        rounds: [
          script(approve, { token: env.WBTC!, spender: env.vWBTC!, amount }),
          mint(env.vWBTC!, amount),
          script(call, { to: env.vWBTC!, signature: 'function enterMarkets(address[]) returns (uint256[])', args: [[env.vWBTC!]] }),
          submit(),
        ],
      };
    },
  },
];

/** An approve round whose amount is the debt read when the script runs, plus `extra`. */
async function debtNow(
  { viem: { createPublicClient, http, parseAbi }, providerUrl, agentAddress }: SkillContext,
  a: { vToken: Address; current: boolean; extra: bigint },
): Promise<bigint> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi([
    'function borrowBalanceCurrent(address) returns (uint256)',
    'function borrowBalanceStored(address) view returns (uint256)',
  ]);
  if (a.current)
    return (
      (
        await client.simulateContract({
          address: a.vToken,
          abi,
          functionName: 'borrowBalanceCurrent',
          args: [agentAddress],
          account: agentAddress,
        })
      ).result + a.extra
    );
  return (await client.readContract({ address: a.vToken, abi, functionName: 'borrowBalanceStored', args: [agentAddress] })) + a.extra;
}
const repay = (env: EnvMap, amount: bigint | ReturnType<typeof read<{ vToken: Address; current: boolean; extra: bigint }, bigint>>) =>
  script(call, { to: env.vUSDT!, signature: 'function repayBorrow(uint256) returns (uint256)', args: [amount] });

mutants.hard_lending_repay_all = [
  {
    kind: 'wrong_amount',
    mechanism: { fails: ['no USDT debt is left, not a wei'] },
    name: 'repays the stored debt it read (interest since then stays owing)',
    episode: (_p, env) => ({
      plan: 'approve, repay the stored balance',
      rounds: [
        script(approve, {
          token: env.USDT!,
          spender: env.vUSDT!,
          amount: read(debtNow, { vToken: env.vUSDT!, current: true, extra: 10n ** 18n }),
        }),
        repay(env, read(debtNow, { vToken: env.vUSDT!, current: false, extra: 0n })),
        submit(),
      ],
    }),
  },
  {
    kind: 'wrong_amount',
    name: 'repays borrowBalanceCurrent as read by eth_call (one block short)',
    episode: (_p, env) => ({
      plan: 'approve, repay the current balance',
      rounds: [
        script(approve, {
          token: env.USDT!,
          spender: env.vUSDT!,
          amount: read(debtNow, { vToken: env.vUSDT!, current: true, extra: 10n ** 18n }),
        }),
        repay(env, read(debtNow, { vToken: env.vUSDT!, current: true, extra: 0n })),
        submit(),
      ],
    }),
  },
];

const exitUsdt = (env: EnvMap) =>
  script(call, { to: env.venus_comptroller!, signature: 'function exitMarket(address) returns (uint256)', args: [env.vUSDT!] });
const approveCakeDebt = (env: EnvMap) =>
  script(approve, {
    token: env.CAKE!,
    spender: env.vCAKE!,
    amount: read(debtNow, { vToken: env.vCAKE!, current: true, extra: 10n ** 18n }),
  });
const repayCake = (env: EnvMap) =>
  script(call, { to: env.vCAKE!, signature: 'function repayBorrow(uint256) returns (uint256)', args: [2n ** 256n - 1n] });

mutants.hard_lending_exit_collateral = [
  {
    kind: 'error_code_ignored',
    name: 'calls exitMarket and trusts the successful receipt',
    episode: (_p, env) => ({ plan: 'exit', rounds: [exitUsdt(env), submit()] }),
  },
  {
    kind: 'error_code_ignored',
    mechanism: { fails: ['the USDT supply no longer counts as collateral', 'the USDT stays supplied'] },
    name: 'exits first, then repays (the exit returned an error code)',
    episode: (_p, env) => ({ plan: 'exit, approve, repay', rounds: [exitUsdt(env), approveCakeDebt(env), repayCake(env), submit()] }),
  },
  {
    kind: 'wrong_amount',
    name: 'repays the stored CAKE debt (interest left owing), then exits',
    episode: (_p, env) => ({
      plan: 'approve, repay stored, exit',
      rounds: [
        approveCakeDebt(env),
        script(call, {
          to: env.vCAKE!,
          signature: 'function repayBorrow(uint256) returns (uint256)',
          args: [read(debtNow, { vToken: env.vCAKE!, current: false, extra: 0n })],
        }),
        exitUsdt(env),
        submit(),
      ],
    }),
  },
];

// hard_lending_withdraw_all_supply: "withdraw everything" as an underlying amount read before the block the
// withdrawal executes in, so the interest of the blocks in between stays supplied.

/**
 * redeemUnderlying(the wallet's supply as read `how`): balanceOfUnderlying through eth_call now ('current') or
 * one block earlier, as a round before would have read it ('previous'); vTokens × exchangeRateStored
 * ('stored'); plus `extraBps` of headroom.
 */
async function redeemReadSupply(
  { viem: { createPublicClient, encodeFunctionData, http, parseAbi }, providerUrl, agentAddress }: SkillContext,
  a: { vToken: Address; how: 'current' | 'previous' | 'stored'; extraBps: number },
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi([
    'function balanceOfUnderlying(address) returns (uint256)',
    'function balanceOf(address) view returns (uint256)',
    'function exchangeRateStored() view returns (uint256)',
    'function redeemUnderlying(uint256) returns (uint256)',
  ]);
  let supplied: bigint;
  if (a.how === 'stored') {
    const held = await client.readContract({ address: a.vToken, abi, functionName: 'balanceOf', args: [agentAddress] });
    const rate = await client.readContract({ address: a.vToken, abi, functionName: 'exchangeRateStored' });
    supplied = (held * rate) / 10n ** 18n;
  } else {
    const head = await client.getBlockNumber();
    const { result } = await client.simulateContract({
      address: a.vToken,
      abi,
      functionName: 'balanceOfUnderlying',
      args: [agentAddress],
      account: agentAddress,
      blockNumber: a.how === 'previous' ? head - 1n : head,
    });
    supplied = result;
  }
  const amount = supplied + (supplied * BigInt(a.extraBps)) / 10_000n;
  return { to: a.vToken, data: encodeFunctionData({ abi, functionName: 'redeemUnderlying', args: [amount] }) };
}

const withdrawBoth = (usdt: ScriptRound, cake: ScriptRound) => ({
  plan: 'withdraw the USDT, then the CAKE',
  rounds: [usdt, cake, submit()],
});
const readAndRedeem = (vToken: string, how: 'current' | 'previous' | 'stored', extraBps = 0) =>
  script(redeemReadSupply, { vToken: vToken as Address, how, extraBps });

mutants.hard_lending_withdraw_all_supply = [
  {
    kind: 'wrong_amount',
    mechanism: {
      fails: [
        'nothing of the USDT or the CAKE stays supplied, not a vToken unit',
        'the wallet received each whole supply as redeeming all of it paid at that block (within 1 wei)',
      ],
    },
    name: 'redeemUnderlying(balanceOfUnderlying read by eth_call) in each market: a block of interest stays supplied',
    episode: (_p, env) => withdrawBoth(readAndRedeem(env.vUSDT!, 'current'), readAndRedeem(env.vCAKE!, 'current')),
  },
  {
    kind: 'wrong_amount',
    name: 'redeemUnderlying(vTokens × exchangeRateStored) in each market',
    episode: (_p, env) => withdrawBoth(readAndRedeem(env.vUSDT!, 'stored'), readAndRedeem(env.vCAKE!, 'stored')),
  },
  {
    kind: 'wrong_amount',
    name: 'redeems the whole vUSDT balance, then withdraws the CAKE amount it read a round earlier',
    episode: (_p, env) => withdrawBoth(script(redeemAll, { vToken: env.vUSDT! }), readAndRedeem(env.vCAKE!, 'previous')),
  },
  {
    kind: 'wrong_amount',
    name: 'redeemUnderlying of the supply read plus 0.1 % for interest (more than the supply: it reverts)',
    episode: (_p, env) => withdrawBoth(readAndRedeem(env.vUSDT!, 'current', 10), readAndRedeem(env.vCAKE!, 'current', 10)),
  },
];

// --- Simulations that lie, in lending: a Venus zap that diverts the vTokens only in a transaction that pays for gas. ---

const ZAP_VIEM = "import { createPublicClient, encodeAbiParameters, encodeFunctionData, http, parseAbi, parseUnits } from 'viem';";

/** Encodes the zap's supply and the direct mint of the amount. */
const zapPrelude = (params: Record<string, any>, env: EnvMap) => `const client = createPublicClient({ transport: http(providerUrl) });
const abi = parseAbi(['function supply(uint256 amount) returns (uint256)', 'function mint(uint256 mintAmount) returns (uint256)', 'function exchangeRateCurrent() returns (uint256)']);
const [vusdt, zap] = [${json(env.vUSDT)}, ${json(params.zap)}];
const amount = parseUnits(${json(params.amount)}, 18);
const viaZap = { to: zap, data: encodeFunctionData({ abi, functionName: 'supply', args: [amount] }) };
const direct = { to: vusdt, data: encodeFunctionData({ abi, functionName: 'mint', args: [amount] }) };`;

// --- Simulations that lie, in lending: a repay helper that repays only with a call's gas cap. ---

const REPAYER_VIEM =
  "import { createPublicClient, encodeAbiParameters, encodeFunctionData, http, parseAbi, parseGwei, parseUnits } from 'viem';";

/** Encodes the helper's repay and the direct repayBorrow of the amount, and the platform's fees. */
const repayerPrelude = (params: Record<string, any>, env: EnvMap) => `const client = createPublicClient({ transport: http(providerUrl) });
const abi = parseAbi(['function repay(uint256 amount) returns (uint256)', 'function cashbackOf(uint256) view returns (uint256)', 'function repayBorrow(uint256) returns (uint256)']);
const [usdt, vusdt, repayer] = [${json(env.USDT)}, ${json(env.vUSDT)}, ${json(params.repayer)}];
const amount = parseUnits(${json(params.amount)}, 18);
const viaHelper = { to: repayer, data: encodeFunctionData({ abi, functionName: 'repay', args: [amount] }) };
const direct = { to: vusdt, data: encodeFunctionData({ abi, functionName: 'repayBorrow', args: [amount] }) };
const cashback = await client.readContract({ address: repayer, abi, functionName: 'cashbackOf', args: [amount] });
const { baseFeePerGas } = await client.getBlock();
const fees = { maxFeePerGas: (baseFeePerGas ?? 0n) * 2n + parseGwei('1'), maxPriorityFeePerGas: parseGwei('1') };`;

/**
 * Not a mistake: the request's other branch done right. Sent with gas enough for the helper's honest path
 * (8M, above its 5M line), the helper really repays the amount and pays the cashback, and the repayment is
 * scored as the direct one (test/gaslimit-venus-repayer.test.ts).
 */
export const repayerPaidHonestly = ({ params, env }: { params: Record<string, any>; env: EnvMap }) =>
  returns(
    `${repayerPrelude(params, env)}
return { ...viaHelper, gasLimit: 8000000n };`,
    REPAYER_VIEM,
  );
