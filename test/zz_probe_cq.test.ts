import { test } from 'vitest';
import { erc20Abi, parseAbi, formatEther, encodeFunctionData } from 'viem';
import { openTestSession } from './helpers/session.ts';
import { sendAs } from '../src/chain/impersonate.ts';

test('probe', async () => {
  const t = await openTestSession();
  const s = t.session; const c = s.chain.public; const env = s.env; const agent = s.account.address;
  await s.reset();
  const PAIR = parseAbi(['function getReserves() view returns (uint112,uint112,uint32)', 'function token0() view returns (address)', 'function totalSupply() view returns (uint256)']);
  for (const p of ['pair_WBNB_USDT', 'pair_CAKE_WBNB', 'pair_USDT_BUSD']) {
    const r = await c.readContract({ address: env[p]!, abi: PAIR, functionName: 'getReserves' });
    const t0 = await c.readContract({ address: env[p]!, abi: PAIR, functionName: 'token0' });
    const ts = await c.readContract({ address: env[p]!, abi: PAIR, functionName: 'totalSupply' });
    console.log(p, t0, formatEther(r[0]), formatEther(r[1]), 'supply', formatEther(ts), 'agentLP', formatEther(await c.readContract({ address: env[p]!, abi: erc20Abi, functionName: 'balanceOf', args: [agent] })));
  }
  console.log('WBNB', env.WBNB, 'USDT', env.USDT, 'CAKE', env.CAKE);
  const pool = env.simple_reward_pool!;
  const POOL = parseAbi(['function stakedOf(address) view returns (uint256)', 'function lastUpdate(address) view returns (uint256)', 'function rewardPerSecondPerToken() view returns (uint256)', 'function pendingReward(address) view returns (uint256)']);
  console.log('pool cake', formatEther(await c.readContract({ address: env.CAKE!, abi: erc20Abi, functionName: 'balanceOf', args: [pool] })));
  console.log('staked', formatEther(await c.readContract({ address: pool, abi: POOL, functionName: 'stakedOf', args: [agent] })), 'lastUpdate', await c.readContract({ address: pool, abi: POOL, functionName: 'lastUpdate', args: [agent] }), 'rate', await c.readContract({ address: pool, abi: POOL, functionName: 'rewardPerSecondPerToken' }));
  const b = await c.getBlock(); console.log('head', b.number, b.timestamp);
  await sendAs(s.chain, agent, env.WBNB!, encodeFunctionData({ abi: parseAbi(['function deposit() payable']), functionName: 'deposit' }), 1n);
  const b2 = await c.getBlock(); console.log('after sendAs', b2.number, b2.timestamp);
  await s.reset();
  const b3 = await c.getBlock(); console.log('after reset', b3.number, b3.timestamp);
  await sendAs(s.chain, agent, env.WBNB!, encodeFunctionData({ abi: parseAbi(['function deposit() payable']), functionName: 'deposit' }), 1n);
  const b4 = await c.getBlock(); console.log('after sendAs2', b4.number, b4.timestamp);
  console.log('staking cake allowance', await c.readContract({ address: env.CAKE!, abi: erc20Abi, functionName: 'allowance', args: [agent, env.simple_staking!] }));
  console.log(Object.keys(env).join(','));
  await t.close();
});
