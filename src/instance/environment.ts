// What every system prompt says about the chain and the address map the scripts receive.
import { bscKeyOf, DEFAULT_CHAIN, inChainTerms, type ChainProfile } from '../tasks/chain-profile.ts';
import { descriptionsOf, PAIR_DESCRIPTION, type AddressLookup } from '../tasks/address-map.ts';

/** What the published splits' prompt says of each key (src/tasks/address-map.ts declares them). */
const DESCRIPTIONS = descriptionsOf('published');

/**
 * The address map as the system prompt lists it, on the chain of `chain`; `overlay` (the hard split's)
 * replaces or adds descriptions. `chainId` is the node's own (a fork's upstream may differ from the profile's).
 */
export function environmentText(
  env: AddressLookup,
  chainId: number,
  overlay: Readonly<Record<string, string>> = {},
  chain: ChainProfile = DEFAULT_CHAIN,
): string {
  const described = { ...DESCRIPTIONS, ...overlay };
  // `env` is keyed as the chain names its entries; the descriptions are written for BSC's keys and words.
  const said = (k: string): string | undefined => {
    const own = chain.descriptions[k];
    if (own) return own;
    const d = described[bscKeyOf(chain, k)];
    return d === undefined ? d : inChainTerms(chain, d);
  };
  const pair = chain.pairDescription ?? PAIR_DESCRIPTION;
  const rows = Object.entries(env)
    .filter(([k]) => k !== 'agent')
    .map(([k, a]) => {
      const d = said(k);
      return `  ${k.padEnd(22)} ${a}${d ? `  ${d}` : k.startsWith('pair_') ? `  ${pair}` : ''}`;
    });
  return `Environment:
- Chain: ${chain.name} mainnet (chain id ${chainId}), native coin ${chain.native.symbol} (${chain.native.decimals} decimals).
- deployedContracts holds every address below, by the same keys:
${rows.join('\n')}`;
}
