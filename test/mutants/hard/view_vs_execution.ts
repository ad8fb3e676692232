// Wrong answers for the tasks whose first mechanism is view_vs_execution: a view or preview the agent
// reads first disagrees with what executing the call pays.
import { editedReference } from './reference-edit.ts';
import type { HardMutantTable } from './types.ts';

export const mutants: HardMutantTable = {
  hard_precision_vault_pay_exact: [
    {
      kind: 'wrong_amount',
      name: 'redeems the shares previewWithdraw gives for the amount (the preview leaves out the exit fee)',
      script: editedReference('precision', 'hard_precision_vault_pay_exact', [
        ['let shares = (preview * want + paid - 1n) / paid;', 'let shares = preview;'],
        ['for (let got = await pays(shares), step = 1n; got < want; got = await pays(shares), step *= 2n) shares += step;', ''],
      ]),
      mechanism: { fails: ['the payee received exactly the amount'] },
    },
    {
      kind: 'wrong_function',
      name: 'withdraw(amount, payee, wallet): the ERC-4626 call for an exact amount, which this vault pays short',
      script: editedReference('precision', 'hard_precision_vault_pay_exact', [
        [
          "'function redeem(uint256 shares, address receiver, address owner) returns (uint256)',",
          "'function redeem(uint256 shares, address receiver, address owner) returns (uint256)', 'function withdraw(uint256 assets, address receiver, address owner) returns (uint256)',",
        ],
        [
          "data: encodeFunctionData({ abi: VAULT, functionName: 'redeem', args: [shares, PARAMS.payee, agent] })",
          "data: encodeFunctionData({ abi: VAULT, functionName: 'withdraw', args: [want, PARAMS.payee, agent] })",
        ],
      ]),
    },
    {
      kind: 'wrong_recipient',
      name: 'redeems the right shares to the wallet instead of the payee',
      script: editedReference('precision', 'hard_precision_vault_pay_exact', [
        ["functionName: 'redeem', args: [shares, PARAMS.payee, agent] }) };", "functionName: 'redeem', args: [shares, agent, agent] }) };"],
      ]),
    },
  ],
};

mutants.hard_lending_vault_exit_min = [
  {
    kind: 'wrong_amount',
    name: 'sets minAssets from previewRedeem less the tolerance (the preview leaves out the exit fee)',
    script: editedReference('lending', 'hard_lending_vault_exit_min', [
      [
        "'function balanceOf(address) view returns (uint256)',",
        "'function balanceOf(address) view returns (uint256)', 'function previewRedeem(uint256) view returns (uint256)',",
      ],
      [
        "const { result: pays } = await client.simulateContract({ account: agent, address: vault, abi: VAULT, functionName: 'redeem', args: [shares, agent, agent, 0n] });",
        "const pays = await client.readContract({ address: vault, abi: VAULT, functionName: 'previewRedeem', args: [shares] });",
      ],
    ]),
    mechanism: {
      fails: [
        'minAssets is what the redemption really pays, less at most the tolerance',
        'every share redeemed and the whole payout in the wallet',
      ],
    },
  },
  {
    kind: 'zero_minimum',
    name: 'redeems everything with the unprotected redeem (no minimum)',
    script: editedReference('lending', 'hard_lending_vault_exit_min', [
      [
        "'function redeem(uint256 shares, address receiver, address owner, uint256 minAssets) returns (uint256)',",
        "'function redeem(uint256 shares, address receiver, address owner, uint256 minAssets) returns (uint256)', 'function redeem(uint256 shares, address receiver, address owner) returns (uint256)',",
      ],
      [
        "data: encodeFunctionData({ abi: VAULT, functionName: 'redeem', args: [shares, agent, agent, min] })",
        "data: encodeFunctionData({ abi: VAULT, functionName: 'redeem', args: [shares, agent, agent] })",
      ],
    ]),
  },
  {
    kind: 'wrong_amount',
    name: 'redeems half of the shares',
    script: editedReference('lending', 'hard_lending_vault_exit_min', [
      [
        "functionName: 'redeem', args: [shares, agent, agent, min] })",
        "functionName: 'redeem', args: [shares / 2n, agent, agent, min / 2n] })",
      ],
    ]),
  },
];

mutants.hard_units_pool_buy_wbtc_quote_fee = [
  {
    kind: 'wrong_amount',
    name: "sizes the input with the pool's getAmountIn (it prices the old 0.25 % fee), no minimum",
    script: editedReference('units', 'hard_units_pool_buy_wbtc_quote_fee', [
      ['let amountIn = got >= want ? quoted : (quoted * want) / got;', 'let amountIn = quoted + 0n * got;'],
      ['while ((await pays(amountIn)) < want) amountIn += amountIn / 100_000n + 1n;', ''],
      ["functionName: 'swap', args: [usdt!, amountIn, want, agent] })", "functionName: 'swap', args: [usdt!, amountIn, 0n, agent] })"],
    ]),
    mechanism: { fails: ['the wallet received at least the amount of WBTC'] },
  },
  {
    kind: 'wrong_amount',
    name: 'sizes the input with getAmountIn and sets the amount as the minimum: the swap reverts',
    script: editedReference('units', 'hard_units_pool_buy_wbtc_quote_fee', [
      ['let amountIn = got >= want ? quoted : (quoted * want) / got;', 'let amountIn = quoted + 0n * got;'],
      ['while ((await pays(amountIn)) < want) amountIn += amountIn / 100_000n + 1n;', ''],
    ]),
  },
  {
    kind: 'wrong_decimals',
    name: 'reads the WBTC amount with 18 decimals',
    script: editedReference('units', 'hard_units_pool_buy_wbtc_quote_fee', [
      ['const want = parseUnits(PARAMS.amount, decimals);', 'const want = parseUnits(PARAMS.amount, 18 + 0 * decimals);'],
    ]),
  },
];

mutants.hard_slippage_attack_pool_quote_fee_floor = [
  {
    kind: 'wrong_amount',
    name: "sets minOut from the pool's getAmountOut less the tolerance (it prices the old 0.25 % fee)",
    script: editedReference('slippage_attack', 'hard_slippage_attack_pool_quote_fee_floor', [
      [
        "const POOL = parseAbi(['function swap(address tokenIn, uint256 amountIn, uint256 minOut, address to) returns (uint256)']);",
        "const POOL = parseAbi(['function swap(address tokenIn, uint256 amountIn, uint256 minOut, address to) returns (uint256)', 'function getAmountOut(address tokenIn, uint256 amountIn) view returns (uint256)']);",
      ],
      [
        "const { result: pays } = await client.simulateContract({ account: agent, address: PARAMS.pool, abi: POOL, functionName: 'swap', args: [cake!, amountIn, 0n, agent] });",
        "const pays = await client.readContract({ address: PARAMS.pool, abi: POOL, functionName: 'getAmountOut', args: [cake!, amountIn] });",
      ],
    ]),
    mechanism: {
      fails: [
        'minOut is what the sale really paid before the trade, less at most the tolerance',
        "the sale went through at the owner's floor or better",
      ],
    },
  },
  {
    kind: 'zero_minimum',
    name: 'sells with no minimum',
    script: editedReference('slippage_attack', 'hard_slippage_attack_pool_quote_fee_floor', [
      ["functionName: 'swap', args: [cake!, amountIn, min, agent] })", "functionName: 'swap', args: [cake!, amountIn, 0n * min, agent] })"],
    ]),
  },
  {
    kind: 'wrong_amount',
    name: 'reads the tolerance as whole percent (ten times too loose)',
    script: editedReference('slippage_attack', 'hard_slippage_attack_pool_quote_fee_floor', [
      [
        'const min = (pays * BigInt(10_000 - PARAMS.slippage.bps)) / 10_000n;',
        'const min = (pays * BigInt(10_000 - 10 * PARAMS.slippage.bps)) / 10_000n;',
      ],
    ]),
  },
];
