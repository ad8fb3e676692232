import { defineCompositeReference, lit, submit, ts } from 'evm-questbench/composite';

const IMPORTS = "import { Contract, Interface, JsonRpcProvider, id, parseEther, zeroPadValue } from 'ethers';";

/** The latest transfer of `token` from `pair` into the wallet: what a swap through that pair paid. */
const received = (name: string, token: string, pair: string) => `const ${name}Logs = await provider.getLogs({
    address: deployedContracts.${token},
    topics: [id('Transfer(address,address,uint256)'), zeroPadValue(deployedContracts.${pair}!, 32), zeroPadValue(agentAddress, 32)],
    fromBlock: Math.max(0, head - 20),
    toBlock: head,
  });
  const ${name} = BigInt(${name}Logs[${name}Logs.length - 1]!.data);`;

const START = `const provider = new JsonRpcProvider(providerUrl);
  const head = await provider.getBlockNumber();`;
const USDT_IN = received('usdtIn', 'USDT', 'pair_WBNB_USDT');
const BUSD_IN = received('busdIn', 'BUSD', 'pair_USDT_BUSD');
const approve = (token: string, amount: string) =>
  `return { to: deployedContracts.${token}, data: new Interface(['function approve(address,uint256)']).encodeFunctionData('approve', [deployedContracts.router, ${amount}]) };`;
const ROUTER = `const router = new Contract(deployedContracts.router!, [
    'function getAmountsOut(uint256, address[]) view returns (uint256[])',
    'function swapExactETHForTokens(uint256, address[], address, uint256) payable',
    'function swapExactTokensForTokens(uint256, uint256, address[], address, uint256)',
    'function addLiquidity(address, address, uint256, uint256, uint256, uint256, address, uint256)',
  ], provider);
  const deadline = BigInt((await provider.getBlock('latest'))!.timestamp) + 1200n;`;

export default defineCompositeReference((params) => ({
  plan: '1. swapExactETHForTokens BNB → USDT.\n2. Approve the router for half the USDT.\n3. Swap that half for BUSD.\n4. Approve the router for the other half.\n5. Approve it for the BUSD.\n6. addLiquidity with the other half and the BUSD.\nThen submit.',
  rounds: [
    ts(
      `${START}
  ${ROUTER}
  const value = parseEther(${lit(params.amount)});
  const path = [deployedContracts.WBNB, deployedContracts.USDT];
  const out: bigint[] = await router.getFunction('getAmountsOut')(value, path);
  return { to: deployedContracts.router, data: router.interface.encodeFunctionData('swapExactETHForTokens', [(out[1]! * 99n) / 100n, path, agentAddress, deadline]), value };`,
      IMPORTS,
    ),
    ts(`${START}\n  ${USDT_IN}\n  ${approve('USDT', 'usdtIn / 2n')}`, IMPORTS),
    ts(
      `${START}
  ${USDT_IN}
  ${ROUTER}
  const half = usdtIn / 2n;
  const path = [deployedContracts.USDT, deployedContracts.BUSD];
  const out: bigint[] = await router.getFunction('getAmountsOut')(half, path);
  return { to: deployedContracts.router, data: router.interface.encodeFunctionData('swapExactTokensForTokens', [half, (out[1]! * 99n) / 100n, path, agentAddress, deadline]) };`,
      IMPORTS,
    ),
    ts(`${START}\n  ${USDT_IN}\n  ${approve('USDT', 'usdtIn - usdtIn / 2n')}`, IMPORTS),
    ts(`${START}\n  ${BUSD_IN}\n  ${approve('BUSD', 'busdIn')}`, IMPORTS),
    ts(
      `${START}
  ${USDT_IN}
  ${BUSD_IN}
  ${ROUTER}
  const rest = usdtIn - usdtIn / 2n;
  const data = router.interface.encodeFunctionData('addLiquidity', [deployedContracts.USDT, deployedContracts.BUSD, rest, busdIn, 0n, (busdIn * 99n) / 100n, agentAddress, deadline]);
  return { to: deployedContracts.router, data };`,
      IMPORTS,
    ),
    submit(),
  ],
}));
