// The keys of the address maps, declared once: the types an entry is written with, and the entries every
// split's map or the published splits' alone hold (the hard split's additions are in address-entries-hard.ts).
// src/tasks/address-map.ts puts them together as ADDRESS_MAP and derives the rest from it.
import { getAddress, keccak256, parseEther, stringToHex, type Address } from 'viem';

/** The chains an address is given for. Only BSC today; a chain profile adds its name and its entries' addresses. */
export type ChainName = 'bsc';

/** The address maps the harness builds: the published splits' and the hard split's. */
export type MapName = 'published' | 'hard';

/**
 * What a contract is on any chain, whatever a chain's map calls it: code that means "the wrapped native
 * token" reads `byRole(env, 'wrappedNative')` and keeps working on a chain whose map calls it WETH.
 */
export type Role =
  | 'wrappedNative'
  | 'usdStable'
  | 'v2Router'
  | 'v2Factory'
  | 'v3Factory'
  | 'v3SwapRouter'
  | 'v3PositionManager'
  | 'v3Quoter'
  | 'lendingComptroller'
  | 'lendingOracle';

export type AddressKind = 'token' | 'dex' | 'pair' | 'contract' | 'spender' | 'account' | 'lending';

/** A fixed, realistic-looking address derived from a name (stable across builds and runs). */
export function namedAddress(name: string): Address {
  return getAddress(`0x${keccak256(stringToHex(`evm-questbench/${name}`)).slice(-40)}`);
}

/** An auxiliary contract of our own that the mirror places at its fixed address (fixtures/contracts). */
export interface AuxPlacement {
  /** Contract name in fixtures/artifacts. */
  artifact: string;
  /** Constructor arguments; `at` gives the address of a key placed earlier (a token, a pair, a contract). */
  args: (at: (key: string) => Address) => readonly unknown[];
  /** Tokens (by key) the deployer sends the contract once it is placed (lending pools, reward funds). */
  fund?: readonly { token: string; amount: bigint }[];
}

export interface AddressEntry {
  /** The key in the map, exactly as prompts and deployedContracts show it on BSC. */
  readonly key: string;
  readonly kind: AddressKind;
  readonly role?: Role;
  /** The maps that hold it. */
  readonly maps: readonly MapName[];
  /** What the published splits' prompt says of it (a pair without one reads as PAIR_DESCRIPTION). */
  readonly description?: string;
  /** What the hard split's prompt says of it, where it differs (its token descriptions state no decimals). */
  readonly hardDescription?: string;
  /** Its address on each chain it exists on; absent when a build places it (pairs, the hard split's contracts). */
  readonly at?: Readonly<Partial<Record<ChainName, Address>>>;
  /** A V2 pair: its two tokens, by key. */
  readonly pair?: readonly [string, string];
  /** One of our contracts the mirror places at `at`. */
  readonly placed?: AuxPlacement;
}

/** What the prompt says of a V2 pair. */
export const PAIR_DESCRIPTION = 'PancakeSwap V2 pair (0.25 % swap fee)';

/** CAKE per second per whole staked LP token in the reward pool (0.01 CAKE/s per LP). */
export const REWARD_RATE = parseEther('0.01');

export const BOTH = ['published', 'hard'] as const;
const PUBLISHED = ['published'] as const;
/** The hard split's map alone. */
export const HARD = ['hard'] as const;

const aux = (artifact: string, args: AuxPlacement['args'] = () => [], fund?: AuxPlacement['fund']): AuxPlacement =>
  fund ? { artifact, args, fund } : { artifact, args };

/** The keys of the published splits' map, in the prompt's order; all but venus and pancake_v3_router are the hard map's too. */
export const PUBLISHED_ENTRIES = [
  {
    key: 'WBNB',
    kind: 'token',
    role: 'wrappedNative',
    maps: BOTH,
    description: 'Wrapped BNB (WETH9-style: deposit() / withdraw(uint256))',
    at: { bsc: '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c' },
  },
  {
    key: 'USDT',
    kind: 'token',
    role: 'usdStable',
    maps: BOTH,
    description: 'Tether USD (BEP-20, 18 decimals)',
    hardDescription: 'Tether USD (BEP-20)',
    at: { bsc: '0x55d398326f99059fF775485246999027B3197955' },
  },
  {
    key: 'BUSD',
    kind: 'token',
    maps: BOTH,
    description: 'BUSD Token (BEP-20, 18 decimals)',
    hardDescription: 'BUSD Token (BEP-20)',
    at: { bsc: '0xe9e7CEA3DedcA5984780Bafc599bD69ADd087D56' },
  },
  {
    key: 'CAKE',
    kind: 'token',
    maps: BOTH,
    description: 'PancakeSwap Token (BEP-20, 18 decimals)',
    hardDescription: 'PancakeSwap Token (BEP-20)',
    at: { bsc: '0x0E09FaBB73Bd3Ade0a17ECC321fD13a19e81cE82' },
  },
  {
    key: 'router',
    kind: 'dex',
    role: 'v2Router',
    maps: BOTH,
    description: 'PancakeSwap V2 Router (Uniswap V2 Router02 interface; 0.25 % swap fee per hop)',
    at: { bsc: '0x10ED43C718714eb63d5aA57B78B54704E256024E' },
  },
  {
    key: 'factory',
    kind: 'dex',
    role: 'v2Factory',
    maps: BOTH,
    description: 'PancakeSwap V2 Factory',
    at: { bsc: '0xcA143Ce32Fe78f1f7019d7d551a6402fC5350c73' },
  },
  { key: 'pair_WBNB_USDT', kind: 'pair', maps: BOTH, pair: ['WBNB', 'USDT'] },
  { key: 'pair_WBNB_BUSD', kind: 'pair', maps: BOTH, pair: ['WBNB', 'BUSD'] },
  { key: 'pair_USDT_BUSD', kind: 'pair', maps: BOTH, pair: ['USDT', 'BUSD'] },
  { key: 'pair_CAKE_WBNB', kind: 'pair', maps: BOTH, pair: ['CAKE', 'WBNB'] },
  { key: 'pair_CAKE_USDT', kind: 'pair', maps: BOTH, pair: ['CAKE', 'USDT'] },
  {
    key: 'erc1363_token',
    kind: 'contract',
    maps: BOTH,
    description: 'Quest Token (QST, 18 decimals): ERC-20 + EIP-2612 permit + ERC-1363 transferAndCall/approveAndCall + burn(uint256)',
    at: { bsc: namedAddress('erc1363_token') },
    placed: aux('QuestToken'),
  },
  {
    key: 'erc721_token',
    kind: 'contract',
    maps: BOTH,
    description: 'Quest Squad NFT collection (ERC-721)',
    at: { bsc: namedAddress('erc721_token') },
    placed: aux('QuestNFT', () => ['Quest Squad', 'QSQD', 'ipfs://quest-squad/']),
  },
  {
    key: 'pancake_squad',
    kind: 'contract',
    maps: BOTH,
    description: 'Pancake Squad NFT collection (ERC-721)',
    // The PancakeSquad collection's canonical BSC address: the mirror puts a collection with the same name there.
    at: { bsc: '0x0a8901b0E25DEb55A87524f0cC164E9644020EBA' },
    placed: aux('QuestNFT', () => ['Pancake Squad', 'PS', 'https://pancakesquad.com/api/ps/']),
  },
  {
    key: 'erc1155_token',
    kind: 'contract',
    maps: BOTH,
    description: 'Quest Multi Token (ERC-1155)',
    at: { bsc: namedAddress('erc1155_token') },
    placed: aux('QuestMultiToken'),
  },
  {
    key: 'simple_counter',
    kind: 'contract',
    maps: BOTH,
    description: 'Counter: count(), increment()',
    at: { bsc: namedAddress('simple_counter') },
    placed: aux('Counter'),
  },
  {
    key: 'donation_box',
    kind: 'contract',
    maps: BOTH,
    description: 'DonationBox: donate() payable, donations(address), totalDonations()',
    at: { bsc: namedAddress('donation_box') },
    placed: aux('DonationBox'),
  },
  {
    key: 'message_board',
    kind: 'contract',
    maps: BOTH,
    description: 'MessageBoard: message(), setMessage(string)',
    at: { bsc: namedAddress('message_board') },
    placed: aux('MessageBoard'),
  },
  {
    key: 'implementation',
    kind: 'contract',
    maps: BOTH,
    description: 'ValueStore implementation: value(), setValue(uint256)',
    at: { bsc: namedAddress('implementation') },
    placed: aux('ValueStore'),
  },
  {
    key: 'proxy',
    kind: 'contract',
    maps: BOTH,
    description: 'ValueProxy: delegates every call to the ValueStore implementation',
    at: { bsc: namedAddress('proxy') },
    placed: aux('ValueProxy', (at) => [at('implementation')]),
  },
  {
    key: 'fallback_receiver',
    kind: 'contract',
    maps: BOTH,
    description: 'PaymentSink: payable receive()/fallback(), received(), totalReceived()',
    at: { bsc: namedAddress('fallback_receiver') },
    placed: aux('PaymentSink'),
  },
  {
    key: 'flashloan_contract',
    kind: 'contract',
    maps: BOTH,
    description: 'FlashLender: flashLoan(address token, uint256 amount), fee(uint256); repaid by transferFrom',
    at: { bsc: namedAddress('flashloan_contract') },
    placed: aux('FlashLender', () => [], [{ token: 'USDT', amount: parseEther('10000') }]),
  },
  {
    key: 'simple_staking',
    kind: 'contract',
    maps: BOTH,
    description: 'TokenStaking of CAKE: stake(uint256), unstake(uint256), stakedOf(address)',
    at: { bsc: namedAddress('simple_staking') },
    placed: aux('TokenStaking', (at) => [at('CAKE')]),
  },
  {
    key: 'simple_lp_staking',
    kind: 'contract',
    maps: BOTH,
    description: 'TokenStaking of the USDT/BUSD LP token: stake(uint256), unstake(uint256), stakedOf(address)',
    at: { bsc: namedAddress('simple_lp_staking') },
    placed: aux('TokenStaking', (at) => [at('pair_USDT_BUSD')]),
  },
  {
    key: 'simple_reward_pool',
    kind: 'contract',
    maps: BOTH,
    description:
      'RewardPool: stakes USDT/BUSD LP, pays CAKE: deposit(uint256), withdraw(uint256), harvest(), emergencyWithdraw(), pendingReward(address), stakedOf(address)',
    at: { bsc: namedAddress('simple_reward_pool') },
    placed: aux('RewardPool', (at) => [at('pair_USDT_BUSD'), at('CAKE'), REWARD_RATE], [{ token: 'CAKE', amount: parseEther('100000') }]),
  },
  {
    // On BSC 0x13f4…8Dd4 is PancakeSwap's Smart Router, not Venus: the hard map lists it as pancake_smart_router.
    key: 'venus',
    kind: 'spender',
    maps: PUBLISHED,
    description: 'Venus protocol (a spender with a USDT allowance from you)',
    at: { bsc: '0x13f4EA83D0bd40E75C8222255bc855a974568Dd4' },
  },
  {
    key: 'pancake_v3_router',
    kind: 'spender',
    maps: PUBLISHED,
    description: 'PancakeSwap V3 router (a spender with a USDT allowance from you)',
    at: { bsc: '0x1b81D678ffb9C0263b24A97847620C99d213eB14' },
  },
  {
    key: 'rich_address',
    kind: 'account',
    maps: BOTH,
    description: 'an account holding USDT that has approved you to spend some of it',
    at: { bsc: namedAddress('rich_account') },
  },
] as const satisfies readonly AddressEntry[];
