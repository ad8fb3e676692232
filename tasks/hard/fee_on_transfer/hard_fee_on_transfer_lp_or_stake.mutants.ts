import { json, returns, type HardMutant } from '../../../src/tasks/mutants.ts';
import { transfer, VIEM } from './_mutant-helpers.ts';

// --- Liquidity in a token whose transfers into its pair are taxed only on inclusion (LP or stake). ---

/** Reads the MRLN/WBNB pair, prices the add of `amount` and simulates addLiquidityETH with `fees` (an object literal). */
const LP_SIM = (
  token: string,
  amount: string,
  agent: string,
  fees: string,
) => `const c = createPublicClient({ transport: http(providerUrl) });
const abi = parseAbi([
  'function getPair(address, address) view returns (address)',
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function token0() view returns (address)',
  'function totalSupply() view returns (uint256)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256, uint256, uint256)',
  'function stake(uint256)',
]);
const token = ${json(token)};
const amount = parseUnits(${json(amount)}, 18);
const pair = await c.readContract({ address: deployedContracts.factory, abi, functionName: 'getPair', args: [token, deployedContracts.WBNB] });
const [r0, r1] = await c.readContract({ address: pair, abi, functionName: 'getReserves' });
const first = (await c.readContract({ address: pair, abi, functionName: 'token0' })).toLowerCase() === token.toLowerCase();
const [rt, rb] = first ? [r0, r1] : [r1, r0];
const supply = await c.readContract({ address: pair, abi, functionName: 'totalSupply' });
const value = amount * rb / rt;
const block = await c.getBlock();
const args = [token, amount, amount * 99n / 100n, value * 99n / 100n, agentAddress, block.timestamp + 1200n];
const add = { to: deployedContracts.router, value, data: encodeFunctionData({ abi, functionName: 'addLiquidityETH', args }) };
const stake = (s) => ({ to: s, data: encodeFunctionData({ abi, functionName: 'stake', args: [amount] }) });
const { result } = await c.simulateContract({ account: ${json(agent)}, address: deployedContracts.router, abi, functionName: 'addLiquidityETH', args, value, ...${fees} });`;

export const mutants: HardMutant[] = [
  {
    kind: 'trusted_simulation',
    mechanism: {
      fails: [
        'the transaction went through',
        "the wallet's stake rose by exactly the amount",
        'the pool was left alone: no MRLN or BNB added, no LP minted',
        'only the amount of MRLN and no BNB beyond gas left the wallet',
      ],
    },
    name: 'simulates addLiquidityETH at no fee, sees the LP for the whole amount minted and adds the liquidity',
    script: ({ params, agent }) =>
      returns(
        `${LP_SIM(params.token, params.amount, agent, '{}')}
if (result[2] * 100n >= amount * supply / rt * 99n) return add;
return stake(${json(params.staking)});`,
        VIEM,
      ),
  },
  {
    kind: 'trusted_simulation',
    name: "simulates with the platform's fees but checks the router's amountToken (what left the wallet, not what reached the pool) and adds",
    script: ({ params, agent }) =>
      returns(
        `${LP_SIM(params.token, params.amount, agent, '{ maxFeePerGas: (block.baseFeePerGas ?? 0n) * 2n + 1000000000n, maxPriorityFeePerGas: 1000000000n }')}
if (result[0] * 100n >= amount * 99n) return add;
return stake(${json(params.staking)});`,
        VIEM,
      ),
  },
  {
    kind: 'wrong_function',
    name: 'transfers the amount to the staking contract instead of calling stake (nothing is credited)',
    script: ({ params }) => returns(transfer(json(params.token), params.staking, `parseUnits(${json(params.amount)}, 18)`), VIEM),
  },
];
