// The parameters of every task, as its validator and reference receive them, and its address map. Generated
// from the task files by `questbench types`; do not edit. Derived parameters are `unknown` here: a task's
// files give them a type by intersection, e.g. `TaskParams<'my_task'> & { signature: Hex }`.

type Address = `0x${string}`;

export interface TaskParamsById {
  /** atomic/tip_jar/tip_jar_tip.json */
  tip_jar_tip: {
    jar: Address;
    amount: string;
    note: string;
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
  tip_jar_tip: PublishedEnv & { readonly tip_jar: Address };
}

/** The address map the task with this id gets (`defineValidator<Params, State, TaskEnv<'my_task'>>`). */
export type TaskEnv<Id extends TaskId> = TaskEnvById[Id];

/** What the task's scripts receive as `deployedContracts`: its address map without the wallet (a key read at run time may be absent). */
export type TaskContracts<Id extends TaskId> = Omit<TaskEnvById[Id], 'agent'> & { readonly [key: string]: Address };
