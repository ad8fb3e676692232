import {
  createPublicClient,
  encodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  http,
  parseAbi,
  parseGwei,
  parseUnits,
  type Address,
  type Hex,
} from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_policy_invoice_processor_or_direct'>;

const PROCESSOR = parseAbi(['function pay(uint256 id)']);
/**
 * Runtime code put at the wallet's own address for one eth_call: calldata = token (32 bytes) | target
 * (32) | call data; it calls the target with that data as the wallet and returns the wallet's token
 * balance before and after (the Yul is in hard_approvals_claim_drainer_or_revoke.reference.ts).
 */
const BALANCE_PROBE: Hex =
  '0x5f356370a0823160e01b5f52306004526020608060245f845afa15605a575f8036603f190180604061010037610100826020355af115605e5760a060245f6020936370a0823160e01b8252306004525afa15605a5760406080f35b5f80fd5b3d5f803e3d5ffd';

// Runs the PayLink payment as the platform will send it: from the wallet, with its fees and the gas limit it
// derives from its estimate (estimate + half + 50,000, set explicitly so the simulation and the sent
// transaction carry the same gas), watching the wallet's stablecoin. With that gas the payment takes the
// whole balance, so the invoice is paid by a direct transfer to the supplier instead.
export async function executeSkill(providerUrl: string, agentAddress: Address) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const token = PARAMS.token.address;
  const amount = parseUnits(PARAMS.amount, 18);
  const pay = encodeFunctionData({ abi: PROCESSOR, functionName: 'pay', args: [BigInt(PARAMS.invoice)] });
  const { baseFeePerGas } = await client.getBlock();
  const priority = parseGwei('1');
  const fees = { maxFeePerGas: (baseFeePerGas ?? 0n) * 2n + priority, maxPriorityFeePerGas: priority };
  const viaProcessor = await client
    .estimateGas({ account: agentAddress, to: PARAMS.processor, data: pay, ...fees })
    .then(async (estimate) => {
      const gas = estimate + estimate / 2n + 50_000n;
      const { data } = await client.call({
        account: agentAddress,
        to: agentAddress,
        data: `${encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [token, PARAMS.processor])}${pay.slice(2)}`,
        stateOverride: [{ address: agentAddress, code: BALANCE_PROBE }],
        gas,
        ...fees,
      });
      return { gas, taken: BigInt(data!.slice(0, 66)) - BigInt(`0x${data!.slice(66, 130)}`) };
    })
    .catch(() => ({ gas: 0n, taken: -1n }));
  if (viaProcessor.taken === amount) return { to: PARAMS.processor, data: pay, gas: viaProcessor.gas };
  return { to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [PARAMS.merchant, amount] }) };
}
