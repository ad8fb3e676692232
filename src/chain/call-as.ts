import { encodeFunctionData, type Abi, type Address, type ContractFunctionArgs, type ContractFunctionName } from 'viem';
import { BSC } from './addresses.ts';
import { sendAs } from './impersonate.ts';
import type { ChainClients } from './rpc.ts';

/** Gas for harness-side setup transactions: pool creation and market listing need several million. */
export const SETUP_GAS = 15_000_000n;

/** Calls a contract function as any account (impersonated), failing loudly if it reverts. Harness-side only. */
export async function callAs<const abi extends Abi, name extends ContractFunctionName<abi, 'nonpayable' | 'payable'>>(
  chain: ChainClients,
  from: Address,
  to: Address,
  abi: abi,
  functionName: name,
  args: ContractFunctionArgs<abi, 'nonpayable' | 'payable', name>,
  value = 0n,
): Promise<void> {
  const data = encodeFunctionData({ abi, functionName, args } as never);
  try {
    await sendAs(chain, from, to, data, value, SETUP_GAS);
  } catch (e) {
    throw new Error(`${functionName} on ${to} from ${from}: ${(e as Error).message}`);
  }
}

const WBNB_DEPOSIT = [{ type: 'function', name: 'deposit', stateMutability: 'payable', inputs: [], outputs: [] }] as const;

/** Wraps `value` of an account's BNB into WBNB (the account must hold the BNB). Harness-side only. */
export const wrapBnbAs = (chain: ChainClients, from: Address, value: bigint): Promise<void> =>
  callAs(chain, from, BSC.WBNB, WBNB_DEPOSIT, 'deposit', [], value);
