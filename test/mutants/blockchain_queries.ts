import { returns, type MutantTable } from './types.ts';

const ETHERS = "import { JsonRpcProvider } from 'ethers';";
const VIEM = "import { createPublicClient, http } from 'viem';";

export const mutants: MutantTable = {
  query_current_block_number: [
    {
      kind: 'wrong_answer',
      name: 'answers the next block number',
      script: () => returns('return { answer: (await new JsonRpcProvider(providerUrl).getBlockNumber()) + 1 };', ETHERS),
    },
    {
      kind: 'wrong_answer',
      name: "answers the latest block's timestamp",
      script: () =>
        returns("const b = await new JsonRpcProvider(providerUrl).getBlock('latest'); return { answer: b!.timestamp };", ETHERS),
    },
    {
      kind: 'wrong_answer',
      name: 'answers as a hex quantity',
      script: () => returns("return { answer: await new JsonRpcProvider(providerUrl).send('eth_blockNumber', []) };", ETHERS),
    },
    { kind: 'no_op', name: 'returns a transaction instead of an answer', script: () => returns('return { to: agentAddress, value: 0n };') },
  ],
  query_gas_price: [
    { kind: 'wrong_answer', name: 'assumes 1 gwei', script: () => returns('return { answer: "1000000000" };') },
    {
      kind: 'wrong_answer',
      name: 'answers in gwei',
      script: () =>
        returns(
          'const c = createPublicClient({ transport: http(providerUrl) }); return { answer: (Number(await c.getGasPrice()) / 1e9).toString() };',
          VIEM,
        ),
    },
    {
      kind: 'wrong_answer',
      name: "answers the latest block's base fee",
      script: () =>
        returns(
          "const b = await new JsonRpcProvider(providerUrl).getBlock('latest'); return { answer: b!.baseFeePerGas!.toString() };",
          ETHERS,
        ),
    },
    {
      kind: 'wrong_answer',
      name: 'answers the EIP-1559 maxFeePerGas estimate',
      script: () =>
        returns('const f = await new JsonRpcProvider(providerUrl).getFeeData(); return { answer: f.maxFeePerGas!.toString() };', ETHERS),
    },
  ],
  query_transaction_count_nonce: [
    {
      kind: 'wrong_answer',
      name: "answers the agent's nonce",
      script: () => returns('return { answer: await new JsonRpcProvider(providerUrl).getTransactionCount(agentAddress) };', ETHERS),
    },
    {
      kind: 'wrong_answer',
      name: 'answers the last used nonce (count − 1)',
      script: ({ params }) =>
        returns(
          `return { answer: (await new JsonRpcProvider(providerUrl).getTransactionCount(${JSON.stringify(params.address)})) - 1 };`,
          ETHERS,
        ),
    },
    { kind: 'wrong_answer', name: 'answers zero for an address it assumes is fresh', script: () => returns('return { answer: "0" };') },
    {
      kind: 'wrong_answer',
      name: 'answers as a hex quantity',
      script: ({ params }) =>
        returns(
          `return { answer: await new JsonRpcProvider(providerUrl).send('eth_getTransactionCount', [${JSON.stringify(params.address)}, 'latest']) };`,
          ETHERS,
        ),
    },
  ],
};
