// What every system prompt says about the chain and the address map the scripts receive.
import type { EnvMap } from '../tasks/instantiate.ts';

const DESCRIPTIONS: Record<string, string> = {
  WBNB: 'Wrapped BNB (WETH9-style: deposit() / withdraw(uint256))',
  USDT: 'Tether USD (BEP-20, 18 decimals)',
  BUSD: 'BUSD Token (BEP-20, 18 decimals)',
  CAKE: 'PancakeSwap Token (BEP-20, 18 decimals)',
  router: 'PancakeSwap V2 Router (Uniswap V2 Router02 interface; 0.25 % swap fee per hop)',
  factory: 'PancakeSwap V2 Factory',
  erc1363_token: 'Quest Token (QST, 18 decimals): ERC-20 + EIP-2612 permit + ERC-1363 transferAndCall/approveAndCall + burn(uint256)',
  erc721_token: 'Quest Squad NFT collection (ERC-721)',
  pancake_squad: 'Pancake Squad NFT collection (ERC-721)',
  erc1155_token: 'Quest Multi Token (ERC-1155)',
  simple_counter: 'Counter: count(), increment()',
  donation_box: 'DonationBox: donate() payable, donations(address), totalDonations()',
  message_board: 'MessageBoard: message(), setMessage(string)',
  implementation: 'ValueStore implementation: value(), setValue(uint256)',
  proxy: 'ValueProxy: delegates every call to the ValueStore implementation',
  fallback_receiver: 'PaymentSink: payable receive()/fallback(), received(), totalReceived()',
  flashloan_contract: 'FlashLender: flashLoan(address token, uint256 amount), fee(uint256); repaid by transferFrom',
  simple_staking: 'TokenStaking of CAKE: stake(uint256), unstake(uint256), stakedOf(address)',
  simple_lp_staking: 'TokenStaking of the USDT/BUSD LP token: stake(uint256), unstake(uint256), stakedOf(address)',
  simple_reward_pool:
    'RewardPool: stakes USDT/BUSD LP, pays CAKE: deposit(uint256), withdraw(uint256), harvest(), emergencyWithdraw(), pendingReward(address), stakedOf(address)',
  venus: 'Venus protocol (a spender with a USDT allowance from you)',
  pancake_v3_router: 'PancakeSwap V3 router (a spender with a USDT allowance from you)',
  rich_address: 'an account holding USDT that has approved you to spend some of it',
};

/** The address map as the system prompt lists it; `overlay` (the hard split's) replaces or adds descriptions. */
export function environmentText(env: EnvMap, chainId: number, overlay: Readonly<Record<string, string>> = {}): string {
  const described = { ...DESCRIPTIONS, ...overlay };
  const rows = Object.entries(env)
    .filter(([k]) => k !== 'agent')
    .map(
      ([k, a]) =>
        `  ${k.padEnd(22)} ${a}${described[k] ? `  ${described[k]}` : k.startsWith('pair_') ? '  PancakeSwap V2 pair (0.25 % swap fee)' : ''}`,
    );
  return `Environment:
- Chain: BNB Smart Chain mainnet (chain id ${chainId}), native coin BNB (18 decimals).
- deployedContracts holds every address below, by the same keys:
${rows.join('\n')}`;
}
