// Which chain a run plays on, as its requests and system prompts name it. A chain state (src/chain/chain-states.ts)
// says what is deployed and planted; a profile says whose chain it is. BNB Smart Chain is the one the
// published benchmark was written for, and the default: every prompt built with it reads as it always has.
import { z } from 'zod';

export const ChainProfile = z.object({
  /** The name a run chooses the chain by. */
  id: z.string().regex(/^[a-z][a-z0-9-]*$/),
  /** The chain id of the real chain its mirror stands for. */
  chainId: z.number().int().positive(),
  /** The chain's name in prose: "… on BNB Smart Chain". */
  name: z.string().min(1),
  /** The native coin: what gas is paid in and what a request "sends" when it names no token. */
  native: z.object({ symbol: z.string().min(1), decimals: z.number().int().min(0).max(36) }),
});
export type ChainProfile = z.infer<typeof ChainProfile>;

export const BSC: ChainProfile = ChainProfile.parse({
  id: 'bsc',
  chainId: 56,
  name: 'BNB Smart Chain',
  native: { symbol: 'BNB', decimals: 18 },
});

export const BASE: ChainProfile = ChainProfile.parse({
  id: 'base',
  chainId: 8453,
  name: 'Base',
  native: { symbol: 'ETH', decimals: 18 },
});

/** Every chain a run can name, by id. Base has a mirror (fixtures/mirror/base-state.json); its tasks are to come. */
export const CHAIN_PROFILES: Readonly<Record<string, ChainProfile>> = { bsc: BSC, base: BASE };

/** The chain a prompt speaks of when its caller names none. */
export const DEFAULT_CHAIN: ChainProfile = BSC;
