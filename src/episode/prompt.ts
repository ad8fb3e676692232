import type { ChatMessage } from '../model/types.ts';
import type { EnvMap, Instance } from '../tasks/instantiate.ts';
import type { AtomicTask } from '../tasks/schema.ts';

const ROLE_ATOMIC = `You turn a wallet owner's request into code that prepares exactly one blockchain transaction (or answers one question) on BNB Smart Chain.

Reply with exactly one \`\`\`typescript code block. The module must export:

  export async function executeSkill(providerUrl: string, agentAddress: string, deployedContracts: Record<string, string>): Promise<object>

- providerUrl is a read-only JSON-RPC endpoint: read the chain through it (balances, allowances, quotes, eth_call, estimateGas). It cannot send or sign transactions.
- agentAddress is the wallet you act for. You never have its private key: the platform signs and sends what you return.
- For a transaction request, return ONE unsigned transaction object: { to, data?, value?, gasLimit?, gasPrice? / maxFeePerGas? }. Numbers are bigint, decimal strings or hex strings in wei. Nonce and chain id are filled in by the platform; gas is estimated when you leave it out. If the request needs several transactions, return only the first one.
- For a question, return { answer: ... } in exactly the format the request states; send nothing.
- Importable libraries: "ethers" (v6) and "viem" (v2, including "viem/chains"). Nothing else is available: no file system, no environment variables, no other network access.
- The wallet may already have granted allowances to some spenders (e.g. the router): read allowance() through the provider when you need to know whether an approve is required.`;

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

export function environmentText(env: EnvMap, chainId: number): string {
  const rows = Object.entries(env)
    .filter(([k]) => k !== 'agent')
    .map(([k, a]) => `  ${k.padEnd(22)} ${a}${DESCRIPTIONS[k] ? `  ${DESCRIPTIONS[k]}` : k.startsWith('pair_') ? '  PancakeSwap V2 pair (0.25 % swap fee)' : ''}`);
  return `Environment:
- Chain: BNB Smart Chain mainnet (chain id ${chainId}), native coin BNB (18 decimals).
- deployedContracts holds every address below, by the same keys:
${rows.join('\n')}`;
}

export function buildAtomicMessages(task: AtomicTask, instance: Instance, env: EnvMap, chainId: number): ChatMessage[] {
  const answer = task.kind === 'query' && task.answer ? `\n\nAnswer format: return { answer } where answer is ${task.answer.format}` : '';
  return [
    { role: 'system', content: `${ROLE_ATOMIC}\n\n${environmentText(env, chainId)}` },
    { role: 'user', content: `${instance.instruction}${answer}` },
  ];
}
