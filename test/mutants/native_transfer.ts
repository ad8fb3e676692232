import { json, returns, type MutantTable } from './types.ts';

const OTHER = '0x000000000000000000000000000000000000dEaD';

const ETHERS = "import { parseEther } from 'ethers';";
const PROVIDER = "import { JsonRpcProvider, parseEther } from 'ethers';";
const WBNB_IFACE =
  "import { Interface, parseEther, parseUnits } from 'ethers';\nconst wbnb = new Interface(['function deposit() payable', 'function withdraw(uint256)']);";

export const mutants: MutantTable = {
  bnb_transfer_basic: [
    {
      kind: 'wrong_recipient',
      name: 'pays a different address',
      script: ({ params }) =>
        returns(`return { to: ${json(OTHER)}, value: parseEther(${json(params.amount)}) };`, "import { parseEther } from 'ethers';"),
    },
    {
      kind: 'wrong_amount',
      name: 'amount ×10',
      script: ({ params }) =>
        returns(
          `return { to: ${json(params.to)}, value: parseEther(${json(params.amount)}) * 10n };`,
          "import { parseEther } from 'ethers';",
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'amount in gwei instead of ether',
      script: ({ params }) =>
        returns(`return { to: ${json(params.to)}, value: parseUnits(${json(params.amount)}, 9) };`, "import { parseUnits } from 'ethers';"),
    },
    { kind: 'no_op', name: 'zero-value self transfer', script: () => returns('return { to: agentAddress, value: 0n };') },
  ],
  bnb_transfer_percentage: [
    {
      kind: 'wrong_amount',
      name: 'sends the percentage as BNB',
      script: ({ params }) =>
        returns(
          `return { to: ${json(params.to)}, value: parseEther(String(${params.percent})) / 100n };`,
          "import { parseEther } from 'ethers';",
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'sends the complement share',
      script: ({ params }) =>
        returns(
          `const b = await new JsonRpcProvider(providerUrl).getBalance(agentAddress); return { to: ${json(params.to)}, value: b * BigInt(100 - ${params.percent}) / 100n };`,
          "import { JsonRpcProvider } from 'ethers';",
        ),
    },
    {
      kind: 'wrong_recipient',
      name: 'right share, wrong recipient',
      script: ({ params }) =>
        returns(
          `const b = await new JsonRpcProvider(providerUrl).getBalance(agentAddress); return { to: ${json(OTHER)}, value: b * BigInt(${params.percent}) / 100n };`,
          "import { JsonRpcProvider } from 'ethers';",
        ),
    },
  ],
  wbnb_deposit: [
    {
      kind: 'wrong_function',
      name: 'calls withdraw instead of deposit',
      script: ({ params }) =>
        returns(
          `return { to: deployedContracts.WBNB, data: new Interface(['function withdraw(uint256)']).encodeFunctionData('withdraw', [parseEther(${json(params.amount)})]) };`,
          "import { Interface, parseEther } from 'ethers';",
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'wraps amount ÷1000',
      script: ({ params }) =>
        returns(
          `return { to: deployedContracts.WBNB, data: '0xd0e30db0', value: parseEther(${json(params.amount)}) / 1000n };`,
          "import { parseEther } from 'ethers';",
        ),
    },
    {
      kind: 'wrong_target',
      name: 'sends BNB to the router',
      script: ({ params }) =>
        returns(
          `return { to: deployedContracts.router, data: '0xd0e30db0', value: parseEther(${json(params.amount)}) };`,
          "import { parseEther } from 'ethers';",
        ),
    },
  ],
  bnb_transfer_with_message: [
    {
      kind: 'wrong_amount',
      name: 'right note, amount ×10',
      script: ({ params }) =>
        returns(
          `return { to: ${json(params.to)}, value: parseEther(${json(params.amount)}) * 10n, data: hexlify(toUtf8Bytes(${json(params.message)})) };`,
          "import { hexlify, parseEther, toUtf8Bytes } from 'ethers';",
        ),
    },
    {
      kind: 'no_op',
      name: 'plain transfer without the note',
      script: ({ params }) => returns(`return { to: ${json(params.to)}, value: parseEther(${json(params.amount)}) };`, ETHERS),
    },
    {
      kind: 'wrong_function',
      name: 'note ABI-encoded as a string',
      script: ({ params }) =>
        returns(
          `return { to: ${json(params.to)}, value: parseEther(${json(params.amount)}), data: AbiCoder.defaultAbiCoder().encode(['string'], [${json(params.message)}]) };`,
          "import { AbiCoder, parseEther } from 'ethers';",
        ),
    },
    {
      kind: 'wrong_recipient',
      name: 'right note, different recipient',
      script: ({ params }) =>
        returns(
          `return { to: ${json(OTHER)}, value: parseEther(${json(params.amount)}), data: hexlify(toUtf8Bytes(${json(params.message)})) };`,
          "import { hexlify, parseEther, toUtf8Bytes } from 'ethers';",
        ),
    },
  ],
  bnb_transfer_to_contract: [
    {
      kind: 'wrong_amount',
      name: 'amount ×10',
      script: ({ params }) => returns(`return { to: deployedContracts.WBNB, value: parseEther(${json(params.amount)}) * 10n };`, ETHERS),
    },
    {
      kind: 'wrong_amount',
      name: 'amount in gwei instead of ether',
      script: ({ params }) =>
        returns(
          `return { to: deployedContracts.WBNB, value: parseUnits(${json(params.amount)}, 9) };`,
          "import { parseUnits } from 'ethers';",
        ),
    },
    {
      kind: 'wrong_function',
      name: 'calls withdraw with the amount and no value',
      script: ({ params }) =>
        returns(
          `return { to: deployedContracts.WBNB, data: wbnb.encodeFunctionData('withdraw', [parseEther(${json(params.amount)})]) };`,
          WBNB_IFACE,
        ),
    },
    {
      kind: 'wrong_target',
      name: 'sends the BNB to the router',
      script: ({ params }) => returns(`return { to: deployedContracts.router, value: parseEther(${json(params.amount)}) };`, ETHERS),
    },
  ],
  bnb_transfer_max_amount: [
    {
      kind: 'wrong_amount',
      name: 'sends 99 % of the balance',
      script: ({ params }) =>
        returns(
          `const b = await new JsonRpcProvider(providerUrl).getBalance(agentAddress); return { to: ${json(params.to)}, value: b * 99n / 100n };`,
          PROVIDER,
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'keeps a fixed 0.01 BNB buffer',
      script: ({ params }) =>
        returns(
          `const b = await new JsonRpcProvider(providerUrl).getBalance(agentAddress); return { to: ${json(params.to)}, value: b - parseEther('0.01') };`,
          PROVIDER,
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'sends the full balance with no room for gas',
      script: ({ params }) =>
        returns(
          `const b = await new JsonRpcProvider(providerUrl).getBalance(agentAddress); return { to: ${json(params.to)}, value: b };`,
          PROVIDER,
        ),
    },
    {
      kind: 'wrong_recipient',
      name: 'sweeps to a different address',
      script: () =>
        returns(
          `const p = new JsonRpcProvider(providerUrl); const b = await p.getBalance(agentAddress); const g = (await p.getFeeData()).gasPrice!; return { to: ${json(OTHER)}, value: b - 21000n * g, gasLimit: 21000n, gasPrice: g };`,
          PROVIDER,
        ),
    },
  ],
  wbnb_withdraw: [
    {
      kind: 'wrong_function',
      name: 'deposits instead of withdrawing',
      script: ({ params }) =>
        returns(
          `return { to: deployedContracts.WBNB, data: wbnb.encodeFunctionData('deposit'), value: parseEther(${json(params.amount)}) };`,
          WBNB_IFACE,
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'unwraps amount ×10',
      script: ({ params }) =>
        returns(
          `return { to: deployedContracts.WBNB, data: wbnb.encodeFunctionData('withdraw', [parseEther(${json(params.amount)}) * 10n]) };`,
          WBNB_IFACE,
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'amount with 9 decimals',
      script: ({ params }) =>
        returns(
          `return { to: deployedContracts.WBNB, data: wbnb.encodeFunctionData('withdraw', [parseUnits(${json(params.amount)}, 9)]) };`,
          WBNB_IFACE,
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'unwraps the whole WBNB balance',
      script: () =>
        returns(
          `const t = new Contract(deployedContracts.WBNB, ['function balanceOf(address) view returns (uint256)'], new JsonRpcProvider(providerUrl)); const b: bigint = await t.getFunction('balanceOf')(agentAddress); return { to: deployedContracts.WBNB, data: new Interface(['function withdraw(uint256)']).encodeFunctionData('withdraw', [b]) };`,
          "import { Contract, Interface, JsonRpcProvider } from 'ethers';",
        ),
    },
  ],
};
