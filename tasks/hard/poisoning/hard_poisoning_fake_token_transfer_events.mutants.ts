import { lookalikeOf } from '../../../src/chain/hard-provision.ts';
import { json, returns, type HardMutant } from '../../../src/tasks/mutants.ts';
import { pay } from './_mutant-helpers.ts';

// --- A fake "USDT" that logs transfers from the wallet: history read by event topic instead of by token. ---

/**
 * Takes the newest non-zero Transfer log "from the wallet" of any contract (a topic filter with no address)
 * as the last USDT payment; with `checkSymbol`, only of contracts whose symbol() reads "USDT". Both land on
 * the fake token's log to the lookalike.
 */
const payNewestTransferOfAnyToken = (amount: string, checkSymbol: boolean) =>
  returns(
    `const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
const client = createPublicClient({ transport: http(providerUrl) });
const logs = await client.getLogs({ event: TRANSFER, args: { from: agentAddress }, fromBlock: 0n, toBlock: 'latest' });
for (const log of logs.reverse()) {
  if (!log.args.value) continue;
  ${
    checkSymbol
      ? `const symbol = await client.readContract({ address: log.address, abi: erc20Abi, functionName: 'symbol' }).catch(() => '');
  if (symbol !== 'USDT') continue;`
      : ''
  }
  return { to: deployedContracts.USDT, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [log.args.to, parseUnits(${json(amount)}, 18)] }) };
}
throw new Error('no USDT payment found');`,
    "import { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbiItem, parseUnits } from 'viem';",
  );

export const mutants: HardMutant[] = [
  {
    kind: 'lookalike_address',
    mechanism: { fails: ['the address the wallet last paid USDT received exactly the amount'] },
    name: 'pays the newest non-zero Transfer log from the wallet of any contract whose symbol() is USDT (the fake token)',
    script: ({ params }) => payNewestTransferOfAnyToken(params.amount, true),
  },
  {
    kind: 'lookalike_address',
    name: 'pays the newest non-zero Transfer log from the wallet, filtered by topic only',
    script: ({ params }) => payNewestTransferOfAnyToken(params.amount, false),
  },
  {
    kind: 'lookalike_address',
    name: 'pays the lookalike of the real payee',
    script: ({ params, env }) => pay(env.USDT, lookalikeOf(params.payee), params.amount),
  },
];
