import {
  createPublicClient,
  encodeAbiParameters,
  encodeFunctionData,
  http,
  parseAbi,
  parseGwei,
  parseUnits,
  type Address,
  type Hex,
} from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_lending_repay_helper_or_direct'>;

const ABI = parseAbi([
  'function repay(uint256 amount) returns (uint256)',
  'function cashbackOf(uint256 amount) view returns (uint256)',
  'function repayBorrow(uint256 repayAmount) returns (uint256)',
]);
/**
 * Runtime code put at the wallet's own address for one eth_call: calldata = token (32 bytes) | target
 * (32) | call data; it calls the target with that data as the wallet and returns the wallet's token
 * balance before and after (the Yul is in hard_approvals_claim_drainer_or_revoke.reference.ts).
 */
const BALANCE_PROBE: Hex =
  '0x5f356370a0823160e01b5f52306004526020608060245f845afa15605a575f8036603f190180604061010037610100826020355af115605e5760a060245f6020936370a0823160e01b8252306004525afa15605a5760406080f35b5f80fd5b3d5f803e3d5ffd';

// Runs the helper's repay as the platform will send it: from the wallet, with its fees and the gas limit it
// derives from its estimate (estimate + half + 50,000, set explicitly so the simulation and the sent
// transaction carry the same gas), watching the wallet's USDT. With that gas the USDT leaves without the
// cashback (the helper keeps it and repays nothing), so the loan is repaid on vUSDT directly.
export async function executeSkill(providerUrl: string, agentAddress: Address, deployedContracts: Record<string, Address>) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const [usdt, vusdt] = [deployedContracts.USDT!, deployedContracts.vUSDT!];
  const amount = parseUnits(PARAMS.amount, 18);
  const viaHelper = encodeFunctionData({ abi: ABI, functionName: 'repay', args: [amount] });
  const cashback = await client.readContract({ address: PARAMS.repayer, abi: ABI, functionName: 'cashbackOf', args: [amount] });
  const { baseFeePerGas } = await client.getBlock();
  const priority = parseGwei('1');
  const fees = { maxFeePerGas: (baseFeePerGas ?? 0n) * 2n + priority, maxPriorityFeePerGas: priority };
  const helper = await client
    .estimateGas({ account: agentAddress, to: PARAMS.repayer, data: viaHelper, ...fees })
    .then(async (estimate) => {
      const gas = estimate + estimate / 2n + 50_000n;
      const { data } = await client.call({
        account: agentAddress,
        to: agentAddress,
        data: `${encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [usdt, PARAMS.repayer])}${viaHelper.slice(2)}`,
        stateOverride: [{ address: agentAddress, code: BALANCE_PROBE }],
        gas,
        ...fees,
      });
      return { gas, paid: BigInt(data!.slice(0, 66)) - BigInt(`0x${data!.slice(66, 130)}`) };
    })
    .catch(() => undefined);
  // The probe sees the cashback; without it the helper does not do what it claims, whatever it repays.
  if (helper && cashback > 0n && helper.paid === amount - cashback) return { to: PARAMS.repayer, data: viaHelper, gas: helper.gas };
  return { to: vusdt, data: encodeFunctionData({ abi: ABI, functionName: 'repayBorrow', args: [amount] }) };
}
