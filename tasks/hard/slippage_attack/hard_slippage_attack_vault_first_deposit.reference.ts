import { parseUnits } from 'viem';
import {
  approve,
  defineCompositeReference,
  script,
  submit,
  type SkillContext,
  type HardEnv,
  type HardContracts,
} from 'evm-questbench/composite';
import type { TaskParams } from '../../params.ts';

/** depositToVault with minSharesOut = the vault's previewDeposit now, less the owner's tolerance. */
async function depositWithMinimum(
  { viem: { createPublicClient, encodeFunctionData, http, parseAbi }, providerUrl, agentAddress }: SkillContext<HardContracts>,
  a: { vault: `0x${string}`; router: `0x${string}`; amount: bigint; slippage: number },
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const preview = await client.readContract({
    address: a.vault,
    abi: parseAbi(['function previewDeposit(uint256) view returns (uint256)']),
    functionName: 'previewDeposit',
    args: [a.amount],
  });
  const minSharesOut = (preview * BigInt(100 - a.slippage)) / 100n;
  return {
    to: a.router,
    data: encodeFunctionData({
      abi: parseAbi(['function depositToVault(address vault, address to, uint256 amount, uint256 minSharesOut) returns (uint256)']),
      functionName: 'depositToVault',
      args: [a.vault, agentAddress as `0x${string}`, a.amount, minSharesOut],
    }),
  };
}

// USDT has 18 decimals on BSC. The vault has 1 share: a donation ahead of the deposit would make it mint 1
// share, so only a deposit with a minimum protects the owner; the router's reverts, and the USDT stays.
export default defineCompositeReference((params: TaskParams<'hard_slippage_attack_vault_first_deposit'>, env: HardEnv) => {
  const amount = parseUnits(params.amount, 18);
  return {
    plan: `1. approve(router, ${params.amount} USDT).\n2. router.depositToVault(vault, me, amount, previewDeposit(amount) less ${params.slippage}%).\nThen submit.`,
    rounds: [
      script(approve, { token: env.USDT, spender: params.router, amount }),
      script(depositWithMinimum, { vault: params.vault, router: params.router, amount, slippage: params.slippage }),
      submit(),
    ],
  };
});
