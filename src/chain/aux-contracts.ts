import { parseEther, type Address } from 'viem';
import { BSC, namedAddress } from './addresses.ts';
import type { AuxContract } from './aux-place.ts';

const need = (m: Record<string, Address>, k: string): Address => {
  const a = m[k];
  if (!a) throw new Error(`mirror build: ${k} must be placed before it is used`);
  return a;
};

/** The PancakeSquad collection's canonical BSC address; the mirror puts a collection with the same name there. */
export const PANCAKE_SQUAD = '0x0a8901b0E25DEb55A87524f0cC164E9644020EBA' as const;

/** CAKE per second per whole staked LP token in the reward pool (0.01 CAKE/s per LP). */
export const REWARD_RATE = parseEther('0.01');

/**
 * Auxiliary contracts the tasks need, at fixed addresses: `key` is the name in the address map
 * (deployedContracts) the model receives. Order matters where one refers to another.
 */
export const AUX_CONTRACTS: readonly AuxContract[] = [
  { key: 'erc1363_token', artifact: 'QuestToken', address: namedAddress('erc1363_token'), args: () => [] },
  {
    key: 'erc721_token',
    artifact: 'QuestNFT',
    address: namedAddress('erc721_token'),
    args: () => ['Quest Squad', 'QSQD', 'ipfs://quest-squad/'],
  },
  {
    key: 'pancake_squad',
    artifact: 'QuestNFT',
    address: PANCAKE_SQUAD,
    args: () => ['Pancake Squad', 'PS', 'https://pancakesquad.com/api/ps/'],
  },
  { key: 'erc1155_token', artifact: 'QuestMultiToken', address: namedAddress('erc1155_token'), args: () => [] },
  { key: 'simple_counter', artifact: 'Counter', address: namedAddress('simple_counter'), args: () => [] },
  { key: 'donation_box', artifact: 'DonationBox', address: namedAddress('donation_box'), args: () => [] },
  { key: 'message_board', artifact: 'MessageBoard', address: namedAddress('message_board'), args: () => [] },
  { key: 'implementation', artifact: 'ValueStore', address: namedAddress('implementation'), args: () => [] },
  { key: 'proxy', artifact: 'ValueProxy', address: namedAddress('proxy'), args: ({ contracts }) => [need(contracts, 'implementation')] },
  { key: 'fallback_receiver', artifact: 'PaymentSink', address: namedAddress('fallback_receiver'), args: () => [] },
  {
    key: 'flashloan_contract',
    artifact: 'FlashLender',
    address: namedAddress('flashloan_contract'),
    args: () => [],
    fund: [{ token: BSC.USDT, amount: parseEther('10000') }],
  },
  { key: 'simple_staking', artifact: 'TokenStaking', address: namedAddress('simple_staking'), args: () => [BSC.CAKE] },
  {
    key: 'simple_lp_staking',
    artifact: 'TokenStaking',
    address: namedAddress('simple_lp_staking'),
    args: ({ pairs }) => [need(pairs, 'USDT_BUSD')],
  },
  {
    key: 'simple_reward_pool',
    artifact: 'RewardPool',
    address: namedAddress('simple_reward_pool'),
    args: ({ pairs }) => [need(pairs, 'USDT_BUSD'), BSC.CAKE, REWARD_RATE],
    fund: [{ token: BSC.CAKE, amount: parseEther('100000') }],
  },
];
