// The parameters of every task, as its validator and reference receive them, and its address map. Generated
// from the task files by `questbench types`; do not edit. Derived parameters are `unknown` here: a task's
// files give them a type by intersection, e.g. `TaskParams<'my_task'> & { signature: Hex }`.

type Address = `0x${string}`;

export interface TaskParamsById {
  /** atomic/advanced_features/contract_delegate_call.json */
  contract_delegate_call: {
    proxy: Address;
    implementation: Address;
    value: number;
  };
  /** atomic/advanced_features/contract_payable_fallback.json */
  contract_payable_fallback: {
    receiver: Address;
    amount: string;
  };
  /** atomic/advanced_features/erc20_flashloan.json */
  erc20_flashloan: {
    lender: Address;
    amount: string;
  };
  /** atomic/balance_queries/query_bnb_balance.json */
  query_bnb_balance: {
    address: Address;
    planted: string;
  };
  /** atomic/balance_queries/query_erc20_allowance.json */
  query_erc20_allowance: {
    token: { symbol: string; address: Address };
    owner: Address;
    spender: Address;
    planted: string;
  };
  /** atomic/balance_queries/query_erc20_balance.json */
  query_erc20_balance: {
    token: { symbol: string; address: Address };
    address: Address;
    planted: string;
  };
  /** atomic/balance_queries/query_nft_balance.json */
  query_nft_balance: {
    address: Address;
    count: number;
    first_id: number;
  };
  /** atomic/blockchain_queries/query_current_block_number.json */
  query_current_block_number: {
    mined: number;
  };
  /** atomic/blockchain_queries/query_gas_price.json */
  query_gas_price: {
    base_fee: number;
  };
  /** atomic/blockchain_queries/query_transaction_count_nonce.json */
  query_transaction_count_nonce: {
    address: Address;
    nonce: number;
  };
  /** atomic/contract_calls/contract_call_simple.json */
  contract_call_simple: {
    counter: Address;
  };
  /** atomic/contract_calls/contract_call_with_params.json */
  contract_call_with_params: {
    board: Address;
    message: string;
  };
  /** atomic/contract_calls/contract_call_with_value.json */
  contract_call_with_value: {
    box: Address;
    amount: string;
  };
  /** atomic/erc20_operations/erc20_approve.json */
  erc20_approve: {
    token: { symbol: string; address: Address };
    amount: string;
    spender: Address;
  };
  /** atomic/erc20_operations/erc20_approve_and_call_1363.json */
  erc20_approve_and_call_1363: {
    token: Address;
    spender: Address;
    amount: string;
  };
  /** atomic/erc20_operations/erc20_burn.json */
  erc20_burn: {
    token: Address;
    amount: string;
  };
  /** atomic/erc20_operations/erc20_decrease_allowance.json */
  erc20_decrease_allowance: {
    token: { symbol: string; address: Address };
    amount: string;
    spender: Address;
  };
  /** atomic/erc20_operations/erc20_increase_allowance.json */
  erc20_increase_allowance: {
    token: { symbol: string; address: Address };
    amount: string;
    spender: Address;
  };
  /** atomic/erc20_operations/erc20_permit.json */
  erc20_permit: {
    token: Address;
    spender: Address;
    value: string;
    /** derived: the signing owner's address (key derived from the instance seed) */
    owner: unknown;
    /** derived: permit deadline: a day after the chain's current time, unix seconds */
    deadline: unknown;
    /** derived: the owner's 65-byte EIP-712 permit signature (r || s || v) */
    signature: unknown;
    /** derived: recovery byte of the signature (27 or 28) */
    v: unknown;
    /** derived: r half of the signature */
    r: unknown;
    /** derived: s half of the signature */
    s: unknown;
  };
  /** atomic/erc20_operations/erc20_revoke_approval.json */
  erc20_revoke_approval: {
    spender: { name: string; address: Address };
  };
  /** atomic/erc20_operations/erc20_transfer_fixed.json */
  erc20_transfer_fixed: {
    token: { symbol: string; address: Address };
    amount: string;
    to: Address;
  };
  /** atomic/erc20_operations/erc20_transfer_max_amount.json */
  erc20_transfer_max_amount: {
    token: { symbol: string; address: Address };
    to: Address;
    holding: string;
  };
  /** atomic/erc20_operations/erc20_transfer_percentage.json */
  erc20_transfer_percentage: {
    token: { symbol: string; address: Address };
    percent: number;
    to: Address;
    holding: string;
  };
  /** atomic/erc20_operations/erc20_transfer_with_callback_1363.json */
  erc20_transfer_with_callback_1363: {
    token: Address;
    to: Address;
    amount: string;
  };
  /** atomic/erc20_operations/erc20_transferfrom_basic.json */
  erc20_transferfrom_basic: {
    from: Address;
    to: Address;
    amount: string;
  };
  /** atomic/native_transfer/bnb_transfer_basic.json */
  bnb_transfer_basic: {
    to: Address;
    amount: string;
  };
  /** atomic/native_transfer/bnb_transfer_max_amount.json */
  bnb_transfer_max_amount: {
    to: Address;
  };
  /** atomic/native_transfer/bnb_transfer_percentage.json */
  bnb_transfer_percentage: {
    to: Address;
    percent: number;
  };
  /** atomic/native_transfer/bnb_transfer_to_contract.json */
  bnb_transfer_to_contract: {
    contract: Address;
    amount: string;
  };
  /** atomic/native_transfer/bnb_transfer_with_message.json */
  bnb_transfer_with_message: {
    to: Address;
    amount: string;
    message: string;
  };
  /** atomic/native_transfer/wbnb_deposit.json */
  wbnb_deposit: {
    amount: string;
  };
  /** atomic/native_transfer/wbnb_withdraw.json */
  wbnb_withdraw: {
    amount: string;
  };
  /** atomic/nft_operations/erc1155_safe_transfer_with_data.json */
  erc1155_safe_transfer_with_data: {
    id: number;
    amount: number;
    to: Address;
    note: { text: string };
  };
  /** atomic/nft_operations/erc1155_transfer_single.json */
  erc1155_transfer_single: {
    id: number;
    amount: number;
    to: Address;
  };
  /** atomic/nft_operations/erc721_approve.json */
  erc721_approve: {
    id: number;
    spender: Address;
  };
  /** atomic/nft_operations/erc721_safe_transfer.json */
  erc721_safe_transfer: {
    id: number;
    to: Address;
  };
  /** atomic/nft_operations/erc721_set_approval_for_all.json */
  erc721_set_approval_for_all: {
    operator: Address;
  };
  /** atomic/nft_operations/erc721_transfer.json */
  erc721_transfer: {
    id: number;
    to: Address;
  };
  /** atomic/nft_queries/query_nft_approval_status.json */
  query_nft_approval_status: {
    id: number;
    approved: Address;
  };
  /** atomic/nft_queries/query_nft_owner.json */
  query_nft_owner: {
    id: number;
    holder: Address;
  };
  /** atomic/nft_queries/query_nft_token_uri.json */
  query_nft_token_uri: {
    collection: { name: string; address: Address };
    id: number;
  };
  /** atomic/pancakeswap_liquidity/add_liquidity_bnb_token.json */
  add_liquidity_bnb_token: {
    bnb: string;
    /** derived: the USDT amount matching {bnb} at the pool's current price, rounded to cents */
    usdt: unknown;
    slippage: number;
  };
  /** atomic/pancakeswap_liquidity/add_liquidity_tokens.json */
  add_liquidity_tokens: {
    amount: string;
    slippage: number;
  };
  /** atomic/pancakeswap_liquidity/remove_liquidity_bnb_token.json */
  remove_liquidity_bnb_token: {
    percent: number;
  };
  /** atomic/pancakeswap_liquidity/remove_liquidity_tokens.json */
  remove_liquidity_tokens: {
    percent: number;
  };
  /** atomic/pancakeswap_queries/query_pair_reserves.json */
  query_pair_reserves: {
    pair: { name: string; pool: Address; tokenA: Address; tokenB: Address };
    extraA: string;
    extraB: string;
  };
  /** atomic/pancakeswap_queries/query_swap_input_amount.json */
  query_swap_input_amount: {
    pair: { sell: string; sellAddress: Address; buy: string; buyAddress: Address; pool: Address };
    amount: string;
    planted: string;
  };
  /** atomic/pancakeswap_queries/query_swap_output_amount.json */
  query_swap_output_amount: {
    pair: { sell: string; sellAddress: Address; buy: string; buyAddress: Address; pool: Address };
    amount: string;
    planted: string;
  };
  /** atomic/pancakeswap_swaps/swap_exact_bnb_for_tokens.json */
  swap_exact_bnb_for_tokens: {
    token: { symbol: string; address: Address };
    amount: string;
    slippage: number;
  };
  /** atomic/pancakeswap_swaps/swap_exact_tokens_for_bnb.json */
  swap_exact_tokens_for_bnb: {
    token: { symbol: string; address: Address };
    amount: string;
    slippage: number;
  };
  /** atomic/pancakeswap_swaps/swap_exact_tokens_for_tokens.json */
  swap_exact_tokens_for_tokens: {
    pair: { sell: string; sellAddress: Address; buy: string; buyAddress: Address };
    amount: string;
    slippage: number;
  };
  /** atomic/pancakeswap_swaps/swap_multihop_routing.json */
  swap_multihop_routing: {
    amount: string;
  };
  /** atomic/pancakeswap_swaps/swap_tokens_for_exact_tokens.json */
  swap_tokens_for_exact_tokens: {
    pair: { sell: string; sellAddress: Address; buy: string; buyAddress: Address };
    amount: string;
    slippage: number;
  };
  /** atomic/staking/emergency_withdraw.json */
  emergency_withdraw: {
    pool: Address;
    lp: Address;
  };
  /** atomic/staking/harvest_rewards.json */
  harvest_rewards: {
    pool: Address;
    lp: Address;
  };
  /** atomic/staking/stake_lp_tokens.json */
  stake_lp_tokens: {
    amount: string;
    pool: Address;
    lp: Address;
  };
  /** atomic/staking/stake_single_token.json */
  stake_single_token: {
    amount: string;
    pool: Address;
  };
  /** atomic/staking/unstake_lp_tokens.json */
  unstake_lp_tokens: {
    amount: string;
    pool: Address;
    lp: Address;
  };
  /** atomic/staking_queries/query_pending_rewards.json */
  query_pending_rewards: {
    address: Address;
    planted: string;
    elapsed: number;
  };
  /** atomic/staking_queries/query_staked_amount.json */
  query_staked_amount: {
    address: Address;
    planted: string;
    held: string;
    other: Address;
    other_stake: string;
  };
  /** atomic/token_info_queries/query_token_metadata.json */
  query_token_metadata: {
    token: { label: string; address: Address };
    minted: string;
    holder: Address;
  };
  /** atomic/token_info_queries/query_token_total_supply.json */
  query_token_total_supply: {
    token: { label: string; address: Address };
    minted: string;
    holder: Address;
  };
  /** composite/composite_add_liquidity_stake_lp.json */
  composite_add_liquidity_stake_lp: {
    amount: string;
    slippage: 10;
  };
  /** composite/composite_approve_add_liquidity.json */
  composite_approve_add_liquidity: {
    token: { symbol: string; address: Address; other: string };
    amount: string;
    slippage: 5;
  };
  /** composite/composite_approve_remove_liquidity.json */
  composite_approve_remove_liquidity: {
    percent: number;
    slippage: 5;
  };
  /** composite/composite_approve_stake_tokens.json */
  composite_approve_stake_tokens: {
    amount: string;
    pool: Address;
  };
  /** composite/composite_approve_swap_query_result.json */
  composite_approve_swap_query_result: {
    amount: string;
    slippage: 5;
  };
  /** composite/composite_approve_swap_to_bnb.json */
  composite_approve_swap_to_bnb: {
    amount: string;
    slippage: number;
  };
  /** composite/composite_approve_swap_tokens.json */
  composite_approve_swap_tokens: {
    amount: string;
    slippage: number;
  };
  /** composite/composite_approve_transferfrom.json */
  composite_approve_transferfrom: {
    to: Address;
    amount: string;
  };
  /** composite/composite_batch_approve_2_tokens.json */
  composite_batch_approve_2_tokens: {
    amount_usdt: string;
    amount_busd: string;
    slippage: 50;
  };
  /** composite/composite_batch_mixed_transfers.json */
  composite_batch_mixed_transfers: {
    to: Address;
    amount_bnb: string;
    amount_usdt: string;
    amount_busd: string;
  };
  /** composite/composite_batch_query_2_balances.json */
  composite_batch_query_2_balances: {
    holder: Address;
    planted_usdt: string;
    planted_busd: string;
  };
  /** composite/composite_batch_query_portfolio.json */
  composite_batch_query_portfolio: {
    planted_bnb: string;
    planted_usdt: string;
    planted_cake: string;
  };
  /** composite/composite_batch_transfer_2_bnb.json */
  composite_batch_transfer_2_bnb: {
    address1: Address;
    address2: Address;
    amount1: string;
    amount2: string;
  };
  /** composite/composite_batch_transfer_2_tokens.json */
  composite_batch_transfer_2_tokens: {
    address1: Address;
    address2: Address;
    amount1: string;
    amount2: string;
  };
  /** composite/composite_batch_transfer_3_bnb.json */
  composite_batch_transfer_3_bnb: {
    address1: Address;
    address2: Address;
    address3: Address;
    amount1: string;
    amount2: string;
    amount3: string;
  };
  /** composite/composite_batch_transfer_3_tokens.json */
  composite_batch_transfer_3_tokens: {
    address1: Address;
    address2: Address;
    address3: Address;
    amount1: string;
    amount2: string;
    amount3: string;
  };
  /** composite/composite_complete_swap_stake_workflow.json */
  composite_complete_swap_stake_workflow: {
    amount_usdt: string;
    slippage: number;
    start_usdt: string;
    prior_stake: string;
  };
  /** composite/composite_emergency_exit_workflow.json */
  composite_emergency_exit_workflow: {
    pool: Address;
    start_bnb: string;
  };
  /** composite/composite_full_liquidity_cycle.json */
  composite_full_liquidity_cycle: {
    amount: string;
    pool: Address;
  };
  /** composite/composite_harvest_reinvest_workflow.json */
  composite_harvest_reinvest_workflow: {
    swap_amount: string;
    slippage: number;
    idle_seconds: number;
  };
  /** composite/composite_liquidity_provision_with_stake.json */
  composite_liquidity_provision_with_stake: {
    amount: string;
    slippage: number;
    prior_stake: string;
  };
  /** composite/composite_multi_approve_multi_swap.json */
  composite_multi_approve_multi_swap: {
    amount: string;
    slippage: number;
    start_busd: string;
  };
  /** composite/composite_multi_token_swap.json */
  composite_multi_token_swap: {
    amount_bnb: string;
  };
  /** composite/composite_nft_bundle_sale.json */
  composite_nft_bundle_sale: {
    buyer: Address;
    rebate: string;
  };
  /** composite/composite_nft_transfer_with_payment.json */
  composite_nft_transfer_with_payment: {
    token_id: number;
    buyer: Address;
    payment: string;
  };
  /** composite/composite_optimized_swap_with_query.json */
  composite_optimized_swap_with_query: {
    amount: string;
    slippage: 5;
    start_busd: string;
  };
  /** composite/composite_portfolio_rebalance.json */
  composite_portfolio_rebalance: {
    amount_usdt: string;
    amount_cake: string;
    slippage: number;
    start_usdt: string;
    start_cake: string;
    start_busd: string;
  };
  /** composite/composite_query_allowance_approve_verify.json */
  composite_query_allowance_approve_verify: {
    token: { symbol: string; address: Address };
    spender: Address;
    amount: string;
    planted: string;
  };
  /** composite/composite_query_balance_wrap_verify.json */
  composite_query_balance_wrap_verify: {
    amount: string;
    planted: string;
  };
  /** composite/composite_query_bnb_transfer_verify.json */
  composite_query_bnb_transfer_verify: {
    to: Address;
    amount: string;
    planted: string;
  };
  /** composite/composite_query_erc20_transfer_verify.json */
  composite_query_erc20_transfer_verify: {
    token: { symbol: string; address: Address };
    to: Address;
    amount: string;
    planted: string;
  };
  /** composite/composite_query_nft_transfer_verify.json */
  composite_query_nft_transfer_verify: {
    tokenId: 1;
    to: Address;
  };
  /** composite/composite_query_reserves_before_after_swap.json */
  composite_query_reserves_before_after_swap: {
    pair: Address;
    amount: string;
    poolWbnb: string;
    poolPrice: string;
  };
  /** composite/composite_query_rewards_harvest_verify.json */
  composite_query_rewards_harvest_verify: {
    pool: Address;
    accrual: number;
  };
  /** composite/composite_query_staked_stake_verify.json */
  composite_query_staked_stake_verify: {
    pool: Address;
    amount: string;
    planted: string;
  };
  /** composite/composite_query_swap_verify_output.json */
  composite_query_swap_verify_output: {
    amount_bnb: string;
    slippage: 5;
    poolWbnb: string;
    poolPrice: string;
    plantedUsdt: string;
  };
  /** composite/composite_remove_liquidity_unwrap.json */
  composite_remove_liquidity_unwrap: {
    percent: 50;
    slippage: 50;
    plantedWbnb: string;
  };
  /** composite/composite_split_and_transfer.json */
  composite_split_and_transfer: {
    token: { symbol: string; address: Address };
    address1: Address;
    address2: Address;
    planted: string;
  };
  /** composite/composite_swap_approve_stake.json */
  composite_swap_approve_stake: {
    amount_bnb: string;
    staking: Address;
    slippage: 10;
  };
  /** composite/composite_swap_unwrap_bnb.json */
  composite_swap_unwrap_bnb: {
    amount_in: string;
  };
  /** composite/composite_triple_pool_liquidity.json */
  composite_triple_pool_liquidity: {
    amount: string;
  };
  /** composite/composite_unstake_harvest_query.json */
  composite_unstake_harvest_query: {
    amount: string;
    pool: Address;
    start_cake: string;
  };
  /** composite/composite_wrap_add_liquidity.json */
  composite_wrap_add_liquidity: {
    amount_bnb: string;
    slippage: 50;
  };
  /** composite/composite_wrap_swap_wbnb.json */
  composite_wrap_swap_wbnb: {
    amount: string;
  };
  /** composite/composite_wrap_unwrap_cycle.json */
  composite_wrap_unwrap_cycle: {
    amount: string;
  };
  /** hard/approvals/hard_approvals_aggregator_or_router.json */
  hard_approvals_aggregator_or_router: {
    aggregator: Address;
    amount: string;
    slippage: number;
    swapped: string;
    topUp: string;
  };
  /** hard/approvals/hard_approvals_airdrop_nft_operator.json */
  hard_approvals_airdrop_nft_operator: {
    claimer: Address;
  };
  /** hard/approvals/hard_approvals_claim_drainer_or_revoke.json */
  hard_approvals_claim_drainer_or_revoke: {
    vault: Address;
    stable: { symbol: string; address: Address };
    deposited: string;
    reward: string;
  };
  /** hard/approvals/hard_approvals_exact_then_swap.json */
  hard_approvals_exact_then_swap: {
    amount: string;
    slippage: number;
  };
  /** hard/approvals/hard_approvals_lower_allowance_race.json */
  hard_approvals_lower_allowance_race: {
    collector: Address;
    allowance: string;
    limit: string;
    held: string;
  };
  /** hard/approvals/hard_approvals_revoke_spender.json */
  hard_approvals_revoke_spender: {
    spender: Address;
  };
  /** hard/approvals/hard_approvals_unlimited_unknown.json */
  hard_approvals_unlimited_unknown: {
    spender: Address;
  };
  /** hard/approvals/hard_approvals_usdte_change_allowance.json */
  hard_approvals_usdte_change_allowance: {
    amount: string;
  };
  /** hard/execution/hard_execution_minimum_scheduled_buy_against.json */
  hard_execution_minimum_scheduled_buy_against: {
    token: { symbol: string; address: Address; pair: Address };
    amount: string;
    slippage: number;
    move: number;
    filled: number;
  };
  /** hard/execution/hard_execution_minimum_scheduled_buy_ahead.json */
  hard_execution_minimum_scheduled_buy_ahead: {
    token: { symbol: string; address: Address; pair: Address };
    amount: string;
    slippage: number;
    move: number;
    filled: number;
  };
  /** hard/execution/hard_execution_minimum_scheduled_sell_against.json */
  hard_execution_minimum_scheduled_sell_against: {
    token: { symbol: string; address: Address; pair: Address; amount: string };
    slippage: number;
    move: number;
    filled: number;
  };
  /** hard/execution/hard_execution_minimum_scheduled_sell_ahead.json */
  hard_execution_minimum_scheduled_sell_ahead: {
    token: { symbol: string; address: Address; pair: Address; amount: string };
    slippage: number;
    move: number;
    filled: number;
  };
  /** hard/execution/hard_execution_minimum_v2_bnb_to_token.json */
  hard_execution_minimum_v2_bnb_to_token: {
    token: { symbol: string; address: Address; pair: Address };
    amount: string;
    slippage: number;
  };
  /** hard/execution/hard_execution_minimum_v2_token_to_bnb.json */
  hard_execution_minimum_v2_token_to_bnb: {
    token: { symbol: string; address: Address; pair: Address; amount: string };
    slippage: number;
  };
  /** hard/execution/hard_execution_minimum_v3_bnb_to_token.json */
  hard_execution_minimum_v3_bnb_to_token: {
    token: { symbol: string; address: Address; pair: Address; fee: number };
    amount: string;
    slippage: number;
  };
  /** hard/execution/hard_execution_minimum_v3_two_hop.json */
  hard_execution_minimum_v3_two_hop: {
    token: { symbol: string; address: Address; pair: Address; fee: number; amount: string };
    slippage: number;
  };
  /** hard/execution/hard_execution_route_floki_to_usdt.json */
  hard_execution_route_floki_to_usdt: {
    amount: string;
    slippage: number;
  };
  /** hard/execution/hard_execution_route_usdt_to_cake.json */
  hard_execution_route_usdt_to_cake: {
    amount: string;
    slippage: number;
  };
  /** hard/execution/hard_execution_route_usdt_to_floki.json */
  hard_execution_route_usdt_to_floki: {
    amount: string;
    slippage: number;
  };
  /** hard/execution/hard_execution_route_wbnb_to_busd.json */
  hard_execution_route_wbnb_to_busd: {
    amount: string;
    slippage: number;
  };
  /** hard/execution/hard_execution_split_bnb_to_floki.json */
  hard_execution_split_bnb_to_floki: {
    amount: string;
    slippage: number;
  };
  /** hard/execution/hard_execution_split_bnb_to_new_token.json */
  hard_execution_split_bnb_to_new_token: {
    token: Address;
    amount: string;
    slippage: number;
  };
  /** hard/execution/hard_execution_split_floki_to_bnb.json */
  hard_execution_split_floki_to_bnb: {
    amount: string;
    slippage: number;
  };
  /** hard/execution/hard_execution_split_sell_four_tiers.json */
  hard_execution_split_sell_four_tiers: {
    token: Address;
    amount: string;
    slippage: number;
  };
  /** hard/fee_on_transfer/hard_fee_on_transfer_deliver_exact.json */
  hard_fee_on_transfer_deliver_exact: {
    amount: string;
    to: Address;
  };
  /** hard/fee_on_transfer/hard_fee_on_transfer_hidden_tax_delivery.json */
  hard_fee_on_transfer_hidden_tax_delivery: {
    token: Address;
    amount: string;
    to: Address;
    held: string;
  };
  /** hard/fee_on_transfer/hard_fee_on_transfer_lp_or_stake.json */
  hard_fee_on_transfer_lp_or_stake: {
    token: Address;
    staking: Address;
    amount: string;
    tax: number;
    held: string;
  };
  /** hard/fee_on_transfer/hard_fee_on_transfer_rebased_share.json */
  hard_fee_on_transfer_rebased_share: {
    pct: number;
    to: Address;
  };
  /** hard/fee_on_transfer/hard_fee_on_transfer_scheduled_tax_delivery.json */
  hard_fee_on_transfer_scheduled_tax_delivery: {
    token: Address;
    amount: string;
    to: Address;
    held: string;
    new_tax: number;
  };
  /** hard/fee_on_transfer/hard_fee_on_transfer_sell_after_rebase.json */
  hard_fee_on_transfer_sell_after_rebase: {
    amount: string;
    slippage: number;
  };
  /** hard/fee_on_transfer/hard_fee_on_transfer_sell_taxed.json */
  hard_fee_on_transfer_sell_taxed: {
    sale: { symbol: string; key: string; address: Address; amount: string };
    slippage: number;
  };
  /** hard/fee_on_transfer/hard_fee_on_transfer_sell_then_forward.json */
  hard_fee_on_transfer_sell_then_forward: {
    amount: string;
    slippage: number;
    to: Address;
  };
  /** hard/fee_on_transfer/hard_fee_on_transfer_share_token_invoice.json */
  hard_fee_on_transfer_share_token_invoice: {
    token: Address;
    payee: Address;
    amount: string;
    invoice: number;
  };
  /** hard/honeypot_injection/hard_honeypot_injection_airdrop_notice.json */
  hard_honeypot_injection_airdrop_notice: {
    claimer: Address;
    reserved: number;
  };
  /** hard/honeypot_injection/hard_honeypot_injection_claim_token_transfer.json */
  hard_honeypot_injection_claim_token_transfer: {
    token: Address;
    amount: string;
    to: Address;
    held: string;
  };
  /** hard/honeypot_injection/hard_honeypot_injection_presale_or_pool.json */
  hard_honeypot_injection_presale_or_pool: {
    token: Address;
    presale: Address;
    amount: string;
    slippage: number;
    bonus: number;
  };
  /** hard/honeypot_injection/hard_honeypot_injection_really_sellable_buy.json */
  hard_honeypot_injection_really_sellable_buy: {
    token: Address;
    amount: string;
    slippage: number;
    held: string;
  };
  /** hard/honeypot_injection/hard_honeypot_injection_resellable_or_cake.json */
  hard_honeypot_injection_resellable_or_cake: {
    token: { symbol: string; address: Address };
    amount: string;
    slippage: number;
  };
  /** hard/honeypot_injection/hard_honeypot_injection_scheduled_sell_tax.json */
  hard_honeypot_injection_scheduled_sell_tax: {
    token: Address;
    amount: string;
    max_tax: number;
    trap_sell: number;
    slippage: number;
  };
  /** hard/honeypot_injection/hard_honeypot_injection_sellable_buy.json */
  hard_honeypot_injection_sellable_buy: {
    token: { symbol: string; address: Address };
    amount: string;
    slippage: number;
  };
  /** hard/honeypot_injection/hard_honeypot_injection_unsellable_buy.json */
  hard_honeypot_injection_unsellable_buy: {
    token: Address;
    amount: string;
    slippage: number;
    held: string;
  };
  /** hard/honeypot_injection/hard_honeypot_injection_vesting_token_false_transfer.json */
  hard_honeypot_injection_vesting_token_false_transfer: {
    token: Address;
    payee: Address;
    vstr: string;
    usd: string;
    invoice: number;
  };
  /** hard/lending/hard_lending_borrow_at_posted_price.json */
  hard_lending_borrow_at_posted_price: {
    ratio: number;
    cake_debt: string;
    bnb_price: number;
  };
  /** hard/lending/hard_lending_borrow_share_of_limit.json */
  hard_lending_borrow_share_of_limit: {
    pct: number;
    supplied: string;
  };
  /** hard/lending/hard_lending_exit_collateral.json */
  hard_lending_exit_collateral: {
    cake_debt: string;
    usdt_supplied: string;
  };
  /** hard/lending/hard_lending_redeem_exact.json */
  hard_lending_redeem_exact: {
    amount: string;
  };
  /** hard/lending/hard_lending_repay_all.json */
  hard_lending_repay_all: {
    debt: string;
  };
  /** hard/lending/hard_lending_supply_wbtc_collateral.json */
  hard_lending_supply_wbtc_collateral: {
    amount: string;
  };
  /** hard/lending/hard_lending_vault_exit_min.json */
  hard_lending_vault_exit_min: {
    vault: Address;
    deposited: string;
    feeBps: number;
    slippage: { pct: string; bps: number };
  };
  /** hard/lending/hard_lending_withdraw_all_supply.json */
  hard_lending_withdraw_all_supply: {
    usdt: string;
    cake: string;
  };
  /** hard/long_horizon/hard_long_horizon_consolidate_to_usdt.json */
  hard_long_horizon_consolidate_to_usdt: {
    yld: string;
    usdc: string;
    floki: string;
    slippage: number;
    to: Address;
  };
  /** hard/long_horizon/hard_long_horizon_sell_then_supply_searcher.json */
  hard_long_horizon_sell_then_supply_searcher: {
    amount: string;
    slippage: number;
  };
  /** hard/long_horizon/hard_long_horizon_v2_farm_to_v3_range.json */
  hard_long_horizon_v2_farm_to_v3_range: {
    farm: Address;
    lp: string;
    pct: number;
    slippage: number;
  };
  /** hard/long_horizon/hard_long_horizon_v3_close_to_cake.json */
  hard_long_horizon_v3_close_to_cake: {
    slippage: number;
    to: Address;
  };
  /** hard/long_horizon/hard_long_horizon_venus_exit.json */
  hard_long_horizon_venus_exit: {
    supplied: string;
    debt: string;
    slippage: number;
    to: Address;
  };
  /** hard/long_horizon/hard_long_horizon_venus_full_unwind.json */
  hard_long_horizon_venus_full_unwind: {
    bnb: string;
    usdt_supplied: string;
    usdt_debt: string;
    busd_debt: string;
    usdt_held: string;
    busd_held: string;
    keep: string;
    slippage: number;
    to: Address;
  };
  /** hard/long_horizon/hard_long_horizon_venus_leverage_loop.json */
  hard_long_horizon_venus_leverage_loop: {
    borrow: string;
    ratio: number;
    slippage: number;
  };
  /** hard/pancake_v3/hard_pancake_v3_approve_sell_for_bnb.json */
  hard_pancake_v3_approve_sell_for_bnb: {
    sale: { symbol: string; address: Address; amount: string; decimals: number };
    slippage: number;
  };
  /** hard/pancake_v3/hard_pancake_v3_collect_fees.json */
  hard_pancake_v3_collect_fees: {
  };
  /** hard/pancake_v3/hard_pancake_v3_deepest_pool_swap.json */
  hard_pancake_v3_deepest_pool_swap: {
    token: { symbol: string; address: Address };
    amount: string;
    slippage: number;
  };
  /** hard/pancake_v3/hard_pancake_v3_exact_output_wbtc.json */
  hard_pancake_v3_exact_output_wbtc: {
    amount: string;
    slippage: number;
  };
  /** hard/pancake_v3/hard_pancake_v3_multihop_exact_input.json */
  hard_pancake_v3_multihop_exact_input: {
    out: { symbol: string; address: Address; fee: number; feeLabel: string };
    amount: string;
    slippage: number;
  };
  /** hard/pancake_v3/hard_pancake_v3_retry_other_tier.json */
  hard_pancake_v3_retry_other_tier: {
    amount: string;
    slippage: number;
    /** derived: the V2 WBNB/USDT pair's mid price (USDT reserve per WBNB reserve) before the episode, rounded down to cents */
    price: unknown;
  };
  /** hard/pancake_v3/hard_pancake_v3_taxed_token_best_route.json */
  hard_pancake_v3_taxed_token_best_route: {
    token: Address;
    amount: string;
    slippage: number;
    held: string;
  };
  /** hard/poisoning/hard_poisoning_fake_token_transfer_events.json */
  hard_poisoning_fake_token_transfer_events: {
    amount: string;
    payee: Address;
    paid: string;
  };
  /** hard/poisoning/hard_poisoning_last_payee.json */
  hard_poisoning_last_payee: {
    amount: string;
  };
  /** hard/poisoning/hard_poisoning_paid_on_the_3rd.json */
  hard_poisoning_paid_on_the_3rd: {
    amount: string;
  };
  /** hard/poisoning/hard_poisoning_pay_two_payees.json */
  hard_poisoning_pay_two_payees: {
    rent: string;
  };
  /** hard/poisoning/hard_poisoning_return_fake_token.json */
  hard_poisoning_return_fake_token: {
    sender: Address;
  };
  /** hard/policy/hard_policy_payment_over_cap.json */
  hard_policy_payment_over_cap: {
    token: { symbol: string; address: Address };
    amount: string;
    to: Address;
  };
  /** hard/policy/hard_policy_payment_within_cap.json */
  hard_policy_payment_within_cap: {
    token: { symbol: string; address: Address };
    amount: string;
    to: Address;
  };
  /** hard/policy/hard_policy_token_value_over_cap.json */
  hard_policy_token_value_over_cap: {
    amount: string;
    to: Address;
  };
  /** hard/policy/hard_policy_wbtc_payment_within_cap.json */
  hard_policy_wbtc_payment_within_cap: {
    amount: string;
    to: Address;
  };
  /** hard/precision/hard_precision_borrow_to_ratio.json */
  hard_precision_borrow_to_ratio: {
    ratio: number;
    cake_debt: string;
  };
  /** hard/precision/hard_precision_exact_buy_launch_tax_drop.json */
  hard_precision_exact_buy_launch_tax_drop: {
    token: Address;
    amount: string;
    final_tax: number;
  };
  /** hard/precision/hard_precision_exact_output_multihop.json */
  hard_precision_exact_output_multihop: {
    amount: string;
    slip: number;
  };
  /** hard/precision/hard_precision_rebalance_one_swap.json */
  hard_precision_rebalance_one_swap: {
    pct: number;
    cake: string;
    usdt: string;
  };
  /** hard/precision/hard_precision_stake_value_payment.json */
  hard_precision_stake_value_payment: {
    staked: string;
    to: Address;
  };
  /** hard/precision/hard_precision_v3_range_position.json */
  hard_precision_v3_range_position: {
    low: number;
    high: number;
    usdt: string;
  };
  /** hard/precision/hard_precision_v3_rerange.json */
  hard_precision_v3_rerange: {
    size: string;
    half: number;
    rally: number;
    slippage: number;
  };
  /** hard/precision/hard_precision_vault_pay_exact.json */
  hard_precision_vault_pay_exact: {
    vault: Address;
    payee: Address;
    amount: string;
    deposited: string;
    feeBps: number;
  };
  /** hard/slippage_attack/hard_slippage_attack_approve_swap.json */
  hard_slippage_attack_approve_swap: {
    token: { symbol: string; address: Address; pair: Address };
    amount: string;
    slippage: number;
  };
  /** hard/slippage_attack/hard_slippage_attack_pool_quote_fee_floor.json */
  hard_slippage_attack_pool_quote_fee_floor: {
    pool: Address;
    amount: string;
    feeBps: number;
    slippage: { pct: string; bps: number };
  };
  /** hard/slippage_attack/hard_slippage_attack_retry_moved_pool.json */
  hard_slippage_attack_retry_moved_pool: {
    token: { symbol: string; address: Address; pair: Address };
    amount: string;
    slippage: number;
    /** derived: the pair's getAmountsOut for {amount} BNB before the episode, in whole tokens rounded down to cents */
    quote: unknown;
  };
  /** hard/slippage_attack/hard_slippage_attack_shield_router_or_v2.json */
  hard_slippage_attack_shield_router_or_v2: {
    shield: Address;
    token: { symbol: string; address: Address; pair: Address };
    amount: string;
    slippage: number;
    swapped: string;
  };
  /** hard/slippage_attack/hard_slippage_attack_v2_bnb_to_token.json */
  hard_slippage_attack_v2_bnb_to_token: {
    token: { symbol: string; address: Address; pair: Address };
    amount: string;
    slippage: number;
  };
  /** hard/slippage_attack/hard_slippage_attack_v2_token_to_bnb.json */
  hard_slippage_attack_v2_token_to_bnb: {
    token: { symbol: string; address: Address; pair: Address };
    amount: string;
    slippage: number;
  };
  /** hard/slippage_attack/hard_slippage_attack_v3_exact_input.json */
  hard_slippage_attack_v3_exact_input: {
    token: { symbol: string; address: Address; fee: number; feeLabel: string; pool: Address };
    amount: string;
    slippage: number;
  };
  /** hard/slippage_attack/hard_slippage_attack_vault_first_deposit.json */
  hard_slippage_attack_vault_first_deposit: {
    vault: Address;
    router: Address;
    amount: string;
    slippage: number;
  };
  /** hard/units/hard_units_buy_exact_wbtc.json */
  hard_units_buy_exact_wbtc: {
    amount: string;
    slippage: number;
  };
  /** hard/units/hard_units_pay_exact.json */
  hard_units_pay_exact: {
    pay: { symbol: string; key: string; address: Address; amount: string };
    to: Address;
  };
  /** hard/units/hard_units_pay_usd_worth_wbtc.json */
  hard_units_pay_usd_worth_wbtc: {
    usd: string;
    to: Address;
  };
  /** hard/units/hard_units_pool_buy_wbtc_quote_fee.json */
  hard_units_pool_buy_wbtc_quote_fee: {
    pool: Address;
    amount: string;
    feeBps: number;
  };
  /** hard/units/hard_units_share_of_floki.json */
  hard_units_share_of_floki: {
    pct: number;
    to: Address;
  };
  /** hard/units/hard_units_three_payments.json */
  hard_units_three_payments: {
    to: Address;
    usdc: string;
    wbtc: string;
    floki: string;
  };
}

export type TaskId = keyof TaskParamsById;

/** The parameters of the task with this id. */
export type TaskParams<Id extends TaskId> = TaskParamsById[Id];

/** The keys of the published splits' address map and of the hard split's (src/tasks/address-map.ts), the wallet as `agent`. */
type PublishedKey =
  | 'WBNB'
  | 'USDT'
  | 'BUSD'
  | 'CAKE'
  | 'router'
  | 'factory'
  | 'pair_WBNB_USDT'
  | 'pair_WBNB_BUSD'
  | 'pair_USDT_BUSD'
  | 'pair_CAKE_WBNB'
  | 'pair_CAKE_USDT'
  | 'erc1363_token'
  | 'erc721_token'
  | 'pancake_squad'
  | 'erc1155_token'
  | 'simple_counter'
  | 'donation_box'
  | 'message_board'
  | 'implementation'
  | 'proxy'
  | 'fallback_receiver'
  | 'flashloan_contract'
  | 'simple_staking'
  | 'simple_lp_staking'
  | 'simple_reward_pool'
  | 'venus'
  | 'pancake_v3_router'
  | 'rich_address';
type HardKey =
  | 'WBNB'
  | 'USDT'
  | 'BUSD'
  | 'CAKE'
  | 'router'
  | 'factory'
  | 'pair_WBNB_USDT'
  | 'pair_WBNB_BUSD'
  | 'pair_USDT_BUSD'
  | 'pair_CAKE_WBNB'
  | 'pair_CAKE_USDT'
  | 'erc1363_token'
  | 'erc721_token'
  | 'pancake_squad'
  | 'erc1155_token'
  | 'simple_counter'
  | 'donation_box'
  | 'message_board'
  | 'implementation'
  | 'proxy'
  | 'fallback_receiver'
  | 'flashloan_contract'
  | 'simple_staking'
  | 'simple_lp_staking'
  | 'simple_reward_pool'
  | 'rich_address'
  | 'USDCet'
  | 'WBTC'
  | 'FLOKI'
  | 'YLD'
  | 'SFS'
  | 'ORB'
  | 'USDTe'
  | 'pair_USDCet_WBNB'
  | 'pair_USDCet_USDT'
  | 'pair_WBTC_WBNB'
  | 'pair_WBTC_USDT'
  | 'pair_FLOKI_WBNB'
  | 'pair_YLD_WBNB'
  | 'pair_SFS_WBNB'
  | 'pair_ORB_WBNB'
  | 'pair_USDTe_USDT'
  | 'pancake_smart_router'
  | 'v3_factory'
  | 'v3_pool_deployer'
  | 'v3_swap_router'
  | 'v3_position_manager'
  | 'v3_quoter'
  | 'v3_tick_lens'
  | 'venus_comptroller'
  | 'venus_oracle'
  | 'vBNB'
  | 'vUSDT'
  | 'vBUSD'
  | 'vCAKE'
  | 'vWBTC';
type PublishedEnv = { readonly [k in PublishedKey | 'agent']: Address };
type HardEnv = { readonly [k in HardKey | 'agent']: Address };

/** The address map of each task: its split's, with the keys the task file's `addresses` adds. */
export interface TaskEnvById {
  contract_delegate_call: PublishedEnv;
  contract_payable_fallback: PublishedEnv;
  erc20_flashloan: PublishedEnv;
  query_bnb_balance: PublishedEnv;
  query_erc20_allowance: PublishedEnv;
  query_erc20_balance: PublishedEnv;
  query_nft_balance: PublishedEnv;
  query_current_block_number: PublishedEnv;
  query_gas_price: PublishedEnv;
  query_transaction_count_nonce: PublishedEnv;
  contract_call_simple: PublishedEnv;
  contract_call_with_params: PublishedEnv;
  contract_call_with_value: PublishedEnv;
  erc20_approve: PublishedEnv;
  erc20_approve_and_call_1363: PublishedEnv;
  erc20_burn: PublishedEnv;
  erc20_decrease_allowance: PublishedEnv;
  erc20_increase_allowance: PublishedEnv;
  erc20_permit: PublishedEnv;
  erc20_revoke_approval: PublishedEnv;
  erc20_transfer_fixed: PublishedEnv;
  erc20_transfer_max_amount: PublishedEnv;
  erc20_transfer_percentage: PublishedEnv;
  erc20_transfer_with_callback_1363: PublishedEnv;
  erc20_transferfrom_basic: PublishedEnv;
  bnb_transfer_basic: PublishedEnv;
  bnb_transfer_max_amount: PublishedEnv;
  bnb_transfer_percentage: PublishedEnv;
  bnb_transfer_to_contract: PublishedEnv;
  bnb_transfer_with_message: PublishedEnv;
  wbnb_deposit: PublishedEnv;
  wbnb_withdraw: PublishedEnv;
  erc1155_safe_transfer_with_data: PublishedEnv;
  erc1155_transfer_single: PublishedEnv;
  erc721_approve: PublishedEnv;
  erc721_safe_transfer: PublishedEnv;
  erc721_set_approval_for_all: PublishedEnv;
  erc721_transfer: PublishedEnv;
  query_nft_approval_status: PublishedEnv;
  query_nft_owner: PublishedEnv;
  query_nft_token_uri: PublishedEnv;
  add_liquidity_bnb_token: PublishedEnv;
  add_liquidity_tokens: PublishedEnv;
  remove_liquidity_bnb_token: PublishedEnv;
  remove_liquidity_tokens: PublishedEnv;
  query_pair_reserves: PublishedEnv;
  query_swap_input_amount: PublishedEnv;
  query_swap_output_amount: PublishedEnv;
  swap_exact_bnb_for_tokens: PublishedEnv;
  swap_exact_tokens_for_bnb: PublishedEnv;
  swap_exact_tokens_for_tokens: PublishedEnv;
  swap_multihop_routing: PublishedEnv;
  swap_tokens_for_exact_tokens: PublishedEnv;
  emergency_withdraw: PublishedEnv;
  harvest_rewards: PublishedEnv;
  stake_lp_tokens: PublishedEnv;
  stake_single_token: PublishedEnv;
  unstake_lp_tokens: PublishedEnv;
  query_pending_rewards: PublishedEnv;
  query_staked_amount: PublishedEnv;
  query_token_metadata: PublishedEnv;
  query_token_total_supply: PublishedEnv;
  composite_add_liquidity_stake_lp: PublishedEnv;
  composite_approve_add_liquidity: PublishedEnv;
  composite_approve_remove_liquidity: PublishedEnv;
  composite_approve_stake_tokens: PublishedEnv;
  composite_approve_swap_query_result: PublishedEnv;
  composite_approve_swap_to_bnb: PublishedEnv;
  composite_approve_swap_tokens: PublishedEnv;
  composite_approve_transferfrom: PublishedEnv;
  composite_batch_approve_2_tokens: PublishedEnv;
  composite_batch_mixed_transfers: PublishedEnv;
  composite_batch_query_2_balances: PublishedEnv;
  composite_batch_query_portfolio: PublishedEnv;
  composite_batch_transfer_2_bnb: PublishedEnv;
  composite_batch_transfer_2_tokens: PublishedEnv;
  composite_batch_transfer_3_bnb: PublishedEnv;
  composite_batch_transfer_3_tokens: PublishedEnv;
  composite_complete_swap_stake_workflow: PublishedEnv;
  composite_emergency_exit_workflow: PublishedEnv;
  composite_full_liquidity_cycle: PublishedEnv;
  composite_harvest_reinvest_workflow: PublishedEnv;
  composite_liquidity_provision_with_stake: PublishedEnv;
  composite_multi_approve_multi_swap: PublishedEnv;
  composite_multi_token_swap: PublishedEnv;
  composite_nft_bundle_sale: PublishedEnv;
  composite_nft_transfer_with_payment: PublishedEnv;
  composite_optimized_swap_with_query: PublishedEnv;
  composite_portfolio_rebalance: PublishedEnv;
  composite_query_allowance_approve_verify: PublishedEnv;
  composite_query_balance_wrap_verify: PublishedEnv;
  composite_query_bnb_transfer_verify: PublishedEnv;
  composite_query_erc20_transfer_verify: PublishedEnv;
  composite_query_nft_transfer_verify: PublishedEnv;
  composite_query_reserves_before_after_swap: PublishedEnv;
  composite_query_rewards_harvest_verify: PublishedEnv;
  composite_query_staked_stake_verify: PublishedEnv;
  composite_query_swap_verify_output: PublishedEnv;
  composite_remove_liquidity_unwrap: PublishedEnv;
  composite_split_and_transfer: PublishedEnv;
  composite_swap_approve_stake: PublishedEnv;
  composite_swap_unwrap_bnb: PublishedEnv;
  composite_triple_pool_liquidity: PublishedEnv;
  composite_unstake_harvest_query: PublishedEnv;
  composite_wrap_add_liquidity: PublishedEnv;
  composite_wrap_swap_wbnb: PublishedEnv;
  composite_wrap_unwrap_cycle: PublishedEnv;
  hard_approvals_aggregator_or_router: HardEnv;
  hard_approvals_airdrop_nft_operator: HardEnv;
  hard_approvals_claim_drainer_or_revoke: HardEnv;
  hard_approvals_exact_then_swap: HardEnv;
  hard_approvals_lower_allowance_race: HardEnv;
  hard_approvals_revoke_spender: HardEnv;
  hard_approvals_unlimited_unknown: HardEnv;
  hard_approvals_usdte_change_allowance: HardEnv;
  hard_execution_minimum_scheduled_buy_against: HardEnv & { readonly scheduled_order: Address };
  hard_execution_minimum_scheduled_buy_ahead: HardEnv & { readonly scheduled_order: Address };
  hard_execution_minimum_scheduled_sell_against: HardEnv & { readonly scheduled_order: Address };
  hard_execution_minimum_scheduled_sell_ahead: HardEnv & { readonly scheduled_order: Address };
  hard_execution_minimum_v2_bnb_to_token: HardEnv;
  hard_execution_minimum_v2_token_to_bnb: HardEnv;
  hard_execution_minimum_v3_bnb_to_token: HardEnv;
  hard_execution_minimum_v3_two_hop: HardEnv;
  hard_execution_route_floki_to_usdt: HardEnv;
  hard_execution_route_usdt_to_cake: HardEnv;
  hard_execution_route_usdt_to_floki: HardEnv;
  hard_execution_route_wbnb_to_busd: HardEnv;
  hard_execution_split_bnb_to_floki: HardEnv;
  hard_execution_split_bnb_to_new_token: HardEnv;
  hard_execution_split_floki_to_bnb: HardEnv;
  hard_execution_split_sell_four_tiers: HardEnv;
  hard_fee_on_transfer_deliver_exact: HardEnv;
  hard_fee_on_transfer_hidden_tax_delivery: HardEnv;
  hard_fee_on_transfer_lp_or_stake: HardEnv;
  hard_fee_on_transfer_rebased_share: HardEnv;
  hard_fee_on_transfer_scheduled_tax_delivery: HardEnv;
  hard_fee_on_transfer_sell_after_rebase: HardEnv;
  hard_fee_on_transfer_sell_taxed: HardEnv;
  hard_fee_on_transfer_sell_then_forward: HardEnv;
  hard_fee_on_transfer_share_token_invoice: HardEnv;
  hard_honeypot_injection_airdrop_notice: HardEnv;
  hard_honeypot_injection_claim_token_transfer: HardEnv;
  hard_honeypot_injection_presale_or_pool: HardEnv;
  hard_honeypot_injection_really_sellable_buy: HardEnv;
  hard_honeypot_injection_resellable_or_cake: HardEnv;
  hard_honeypot_injection_scheduled_sell_tax: HardEnv;
  hard_honeypot_injection_sellable_buy: HardEnv;
  hard_honeypot_injection_unsellable_buy: HardEnv;
  hard_honeypot_injection_vesting_token_false_transfer: HardEnv;
  hard_lending_borrow_at_posted_price: HardEnv;
  hard_lending_borrow_share_of_limit: HardEnv;
  hard_lending_exit_collateral: HardEnv;
  hard_lending_redeem_exact: HardEnv;
  hard_lending_repay_all: HardEnv;
  hard_lending_supply_wbtc_collateral: HardEnv;
  hard_lending_vault_exit_min: HardEnv;
  hard_lending_withdraw_all_supply: HardEnv;
  hard_long_horizon_consolidate_to_usdt: HardEnv;
  hard_long_horizon_sell_then_supply_searcher: HardEnv;
  hard_long_horizon_v2_farm_to_v3_range: HardEnv;
  hard_long_horizon_v3_close_to_cake: HardEnv;
  hard_long_horizon_venus_exit: HardEnv;
  hard_long_horizon_venus_full_unwind: HardEnv;
  hard_long_horizon_venus_leverage_loop: HardEnv;
  hard_pancake_v3_approve_sell_for_bnb: HardEnv;
  hard_pancake_v3_collect_fees: HardEnv;
  hard_pancake_v3_deepest_pool_swap: HardEnv;
  hard_pancake_v3_exact_output_wbtc: HardEnv;
  hard_pancake_v3_multihop_exact_input: HardEnv;
  hard_pancake_v3_retry_other_tier: HardEnv;
  hard_pancake_v3_taxed_token_best_route: HardEnv;
  hard_poisoning_fake_token_transfer_events: HardEnv;
  hard_poisoning_last_payee: HardEnv;
  hard_poisoning_paid_on_the_3rd: HardEnv;
  hard_poisoning_pay_two_payees: HardEnv;
  hard_poisoning_return_fake_token: HardEnv;
  hard_policy_payment_over_cap: HardEnv;
  hard_policy_payment_within_cap: HardEnv;
  hard_policy_token_value_over_cap: HardEnv;
  hard_policy_wbtc_payment_within_cap: HardEnv;
  hard_precision_borrow_to_ratio: HardEnv;
  hard_precision_exact_buy_launch_tax_drop: HardEnv;
  hard_precision_exact_output_multihop: HardEnv;
  hard_precision_rebalance_one_swap: HardEnv;
  hard_precision_stake_value_payment: HardEnv;
  hard_precision_v3_range_position: HardEnv;
  hard_precision_v3_rerange: HardEnv;
  hard_precision_vault_pay_exact: HardEnv;
  hard_slippage_attack_approve_swap: HardEnv;
  hard_slippage_attack_pool_quote_fee_floor: HardEnv;
  hard_slippage_attack_retry_moved_pool: HardEnv;
  hard_slippage_attack_shield_router_or_v2: HardEnv;
  hard_slippage_attack_v2_bnb_to_token: HardEnv;
  hard_slippage_attack_v2_token_to_bnb: HardEnv;
  hard_slippage_attack_v3_exact_input: HardEnv;
  hard_slippage_attack_vault_first_deposit: HardEnv;
  hard_units_buy_exact_wbtc: HardEnv;
  hard_units_pay_exact: HardEnv;
  hard_units_pay_usd_worth_wbtc: HardEnv;
  hard_units_pool_buy_wbtc_quote_fee: HardEnv;
  hard_units_share_of_floki: HardEnv;
  hard_units_three_payments: HardEnv;
}

/** The address map the task with this id gets (`defineValidator<Params, State, TaskEnv<'my_task'>>`). */
export type TaskEnv<Id extends TaskId> = TaskEnvById[Id];

/** What the task's scripts receive as `deployedContracts`: its address map without the wallet (a key read at run time may be absent). */
export type TaskContracts<Id extends TaskId> = Omit<TaskEnvById[Id], 'agent'> & { readonly [key: string]: Address };
