import { defineCompositeReference, latestLogValue, lit, submit, transferTopics, ts } from 'evm-questbench/composite';

const IMPORTS = "import { Contract, Interface, JsonRpcProvider, id, parseEther, zeroPadValue } from 'ethers';";

/** USDT the BNB swap paid the wallet, from the latest USDT Transfer into it that came from the pair. */
const BOUGHT = latestLogValue('bought', 'USDT', transferTopics('deployedContracts.pair_WBNB_USDT!', 'agentAddress'));

const ROUTER = `const router = new Contract(deployedContracts.router!, [
    'function getAmountsOut(uint256, address[]) view returns (uint256[])',
    'function swapExactETHForTokens(uint256, address[], address, uint256) payable',
    'function swapExactTokensForTokens(uint256, uint256, address[], address, uint256)',
  ], provider);
  const block = await provider.getBlock('latest');
  const deadline = BigInt(block!.timestamp) + 1200n;`;

export default defineCompositeReference((params) => ({
  plan: '1. swapExactETHForTokens BNB → USDT.\n2. Approve the router for the USDT received.\n3. swapExactTokensForTokens that USDT → BUSD.\nThen submit.',
  rounds: [
    ts(
      `const provider = new JsonRpcProvider(providerUrl);
  ${ROUTER}
  const value = parseEther(${lit(params.amount_bnb)});
  const path = [deployedContracts.WBNB, deployedContracts.USDT];
  const out: bigint[] = await router.getFunction('getAmountsOut')(value, path);
  const data = router.interface.encodeFunctionData('swapExactETHForTokens', [(out[1]! * 99n) / 100n, path, agentAddress, deadline]);
  return { to: deployedContracts.router, data, value };`,
      IMPORTS,
    ),
    ts(
      `${BOUGHT}
  const usdt = new Interface(['function approve(address,uint256)']);
  return { to: deployedContracts.USDT, data: usdt.encodeFunctionData('approve', [deployedContracts.router, bought]) };`,
      IMPORTS,
    ),
    ts(
      `${BOUGHT}
  ${ROUTER}
  const path = [deployedContracts.USDT, deployedContracts.BUSD];
  const out: bigint[] = await router.getFunction('getAmountsOut')(bought, path);
  const data = router.interface.encodeFunctionData('swapExactTokensForTokens', [bought, (out[1]! * 99n) / 100n, path, agentAddress, deadline]);
  return { to: deployedContracts.router, data };`,
      IMPORTS,
    ),
    submit(),
  ],
}));
