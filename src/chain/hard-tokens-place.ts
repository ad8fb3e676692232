import { getAddress, maxUint256, parseUnits, type Abi, type Address, type Hex } from 'viem';
import { BSC, DEPLOYER } from './addresses.ts';
import { callAs } from './call-as.ts';
import { HARD_TOKEN_ABI, NO_RETURN_TOKEN_ABI, V2_FACTORY_ABI, V2_ROUTER_ABI } from './hard-abis.ts';
import {
  AIRDROP_CLAIMER,
  AIRDROP_NOTICE,
  ATTACKER,
  DEPLOYER_STOCK,
  HARD_TOKENS,
  HARD_V2_POOLS,
  TAX_TREASURY,
  tokenAddress,
  tokenDecimals,
  type HardToken,
} from './hard-spec.ts';
import { fixtureMissing } from './fixture-error.ts';
import { placeContract } from './place-contract.ts';
import type { ChainClients } from './rpc.ts';

type Artifacts = ReadonlyMap<string, { abi: Abi | readonly unknown[]; bytecode: Hex }>;

const DEADLINE = 4_000_000_000n;

function constructorArgs(t: HardToken): readonly unknown[] {
  switch (t.artifact) {
    case 'UnitToken':
    case 'NoReturnToken':
      return [t.name, t.symbol, t.decimals];
    case 'TaxToken':
      return [t.name, t.symbol, TAX_TREASURY, t.tax!.buy, t.tax!.sell, t.tax!.transfer];
    case 'RebaseToken':
    case 'HoneypotToken':
      return [t.name, t.symbol];
  }
}

/** Deploys the hard split's own tokens at their fixed addresses, owned by the deployer. Shared by the mirror build and fork mode. */
export async function placeHardTokens(chain: ChainClients, artifacts: Artifacts): Promise<void> {
  for (const t of HARD_TOKENS) {
    const artifact = artifacts.get(t.artifact);
    if (!artifact) throw fixtureMissing(`artifact ${t.artifact} missing (run npm run build:fixtures)`);
    await chain.test.impersonateAccount({ address: DEPLOYER });
    await placeContract(chain, DEPLOYER, t.address, artifact, constructorArgs(t));
  }
}

/** Mints `amount` (whole tokens) of a hard token to `to`; the deployer owns every one of them. */
export async function mintHardToken(chain: ChainClients, key: string, to: Address, amount: bigint): Promise<void> {
  const t = HARD_TOKENS.find((x) => x.key === key);
  if (!t) throw new Error(`no hard token ${key}`);
  const abi = t.artifact === 'NoReturnToken' ? NO_RETURN_TOKEN_ABI : HARD_TOKEN_ABI;
  await callAs(chain, DEPLOYER, t.address, abi, 'mint', [to, amount]);
}

/**
 * Approves `spender` for a token, whatever its approve returns (the no-return token returns nothing and,
 * like Tether on Ethereum, wants a standing allowance reset to zero first).
 */
export async function approveAs(chain: ChainClients, owner: Address, token: Address, spender: Address, amount: bigint): Promise<void> {
  const noReturn = HARD_TOKENS.some((t) => t.address === token && t.artifact === 'NoReturnToken');
  if (!noReturn) {
    await callAs(chain, owner, token, HARD_TOKEN_ABI, 'approve', [spender, amount]);
    return;
  }
  const standing = await chain.public.readContract({
    address: token,
    abi: NO_RETURN_TOKEN_ABI,
    functionName: 'allowance',
    args: [owner, spender],
  });
  if (standing !== 0n && amount !== 0n) await callAs(chain, owner, token, NO_RETURN_TOKEN_ABI, 'approve', [spender, 0n]);
  await callAs(chain, owner, token, NO_RETURN_TOKEN_ABI, 'approve', [spender, amount]);
}

/**
 * Seeds the PancakeSwap V2 pools of the hard tokens from the deployer, then registers each pair with the
 * tokens that treat pairs specially (taxes on buys and sells, the honeypot's sell block). Returns the pairs
 * by key (`USDCet_WBNB`, ...).
 */
export async function createHardV2Pools(chain: ChainClients): Promise<Record<string, Address>> {
  const pairs: Record<string, Address> = {};
  for (const p of HARD_V2_POOLS) {
    const amountA = parseUnits(p.amountA, tokenDecimals(p.a));
    const amountB = parseUnits(p.amountB, tokenDecimals(p.b));
    const [a, b] = [tokenAddress(p.a), tokenAddress(p.b)];
    await mintHardToken(chain, p.a, DEPLOYER, amountA);
    await approveAs(chain, DEPLOYER, a, BSC.PANCAKE_ROUTER, maxUint256);
    if (p.b === 'WBNB') {
      await callAs(
        chain,
        DEPLOYER,
        BSC.PANCAKE_ROUTER,
        V2_ROUTER_ABI,
        'addLiquidityETH',
        [a, amountA, 0n, 0n, DEPLOYER, DEADLINE],
        amountB,
      );
    } else {
      await callAs(chain, DEPLOYER, BSC.PANCAKE_ROUTER, V2_ROUTER_ABI, 'addLiquidity', [
        a,
        b,
        amountA,
        amountB,
        0n,
        0n,
        DEPLOYER,
        DEADLINE,
      ]);
    }
    const pair = getAddress(
      await chain.public.readContract({ address: BSC.PANCAKE_FACTORY, abi: V2_FACTORY_ABI, functionName: 'getPair', args: [a, b] }),
    );
    pairs[`${p.a}_${p.b}`] = pair;
    const t = HARD_TOKENS.find((x) => x.key === p.a)!;
    if (t.artifact === 'TaxToken' || t.artifact === 'HoneypotToken')
      await callAs(chain, DEPLOYER, t.address, HARD_TOKEN_ABI, 'setPair', [pair, true]);
  }
  return pairs;
}

/** Mints the deployer's stock of hard tokens (DEPLOYER_STOCK) for V3 liquidity and lending. */
export async function stockHardTokens(chain: ChainClients): Promise<void> {
  for (const [key, amount] of Object.entries(DEPLOYER_STOCK))
    await mintHardToken(chain, key, DEPLOYER, parseUnits(amount, tokenDecimals(key)));
}

/** Deploys the airdrop drainer (its operator is the attacker) at its fixed address. */
export async function placeHazardContracts(chain: ChainClients, artifacts: Artifacts): Promise<void> {
  const claimer = artifacts.get('AirdropClaimer');
  if (!claimer) throw fixtureMissing('artifact AirdropClaimer missing (run npm run build:fixtures)');
  await chain.test.impersonateAccount({ address: DEPLOYER });
  await placeContract(chain, DEPLOYER, AIRDROP_CLAIMER, claimer, [ATTACKER, AIRDROP_NOTICE]);
}
