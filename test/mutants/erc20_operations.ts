import { json, returns, type MutantTable } from './types.ts';

const OTHER = '0x000000000000000000000000000000000000dEaD';
const ERC20 =
  "import { Interface, parseUnits } from 'ethers';\nconst erc20 = new Interface(['function transfer(address,uint256)', 'function approve(address,uint256)', 'function increaseAllowance(address,uint256)']);";

// Reads the agent's balance of a token before building the call.
const TOKEN_RW =
  "import { Contract, Interface, JsonRpcProvider, MaxUint256, parseUnits } from 'ethers';\nconst tokenAbi = ['function balanceOf(address) view returns (uint256)', 'function allowance(address,address) view returns (uint256)', 'function transfer(address,uint256)', 'function approve(address,uint256)', 'function increaseAllowance(address,uint256)', 'function decreaseAllowance(address,uint256)'];\nconst iface = new Interface(tokenAbi);";
const readBalance = (token: string) =>
  `const t = new Contract(${json(token)}, tokenAbi, new JsonRpcProvider(providerUrl)); const bal: bigint = await t.getFunction('balanceOf')(agentAddress);`;
const readAllowance = (token: string, spender: string) =>
  `const t = new Contract(${json(token)}, tokenAbi, new JsonRpcProvider(providerUrl)); const cur: bigint = await t.getFunction('allowance')(agentAddress, ${json(spender)});`;
const call = (to: string, fn: string, args: string) => `return { to: ${to}, data: iface.encodeFunctionData(${json(fn)}, [${args}]) };`;

export const mutants: MutantTable = {
  erc20_transfer_fixed: [
    {
      kind: 'wrong_recipient',
      name: 'pays a different address',
      script: ({ params }) =>
        returns(
          `return { to: ${json(params.token.address)}, data: erc20.encodeFunctionData('transfer', [${json(OTHER)}, parseUnits(${json(params.amount)}, 18)]) };`,
          ERC20,
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'amount with 6 decimals',
      script: ({ params }) =>
        returns(
          `return { to: ${json(params.token.address)}, data: erc20.encodeFunctionData('transfer', [${json(params.to)}, parseUnits(${json(params.amount)}, 6)]) };`,
          ERC20,
        ),
    },
    {
      kind: 'wrong_function',
      name: 'approves instead of transferring',
      script: ({ params }) =>
        returns(
          `return { to: ${json(params.token.address)}, data: erc20.encodeFunctionData('approve', [${json(params.to)}, parseUnits(${json(params.amount)}, 18)]) };`,
          ERC20,
        ),
    },
    {
      kind: 'wrong_token',
      name: 'sends WBNB instead',
      script: ({ params }) =>
        returns(
          `return { to: deployedContracts.WBNB, data: erc20.encodeFunctionData('transfer', [${json(params.to)}, parseUnits(${json(params.amount)}, 18)]) };`,
          ERC20,
        ),
    },
  ],
  erc20_approve: [
    {
      kind: 'wrong_amount',
      name: 'unlimited approval',
      script: ({ params }) =>
        returns(
          `return { to: ${json(params.token.address)}, data: erc20.encodeFunctionData('approve', [${json(params.spender)}, 2n ** 256n - 1n]) };`,
          ERC20,
        ),
    },
    {
      kind: 'wrong_recipient',
      name: 'approves a different spender',
      script: ({ params }) =>
        returns(
          `return { to: ${json(params.token.address)}, data: erc20.encodeFunctionData('approve', [${json(OTHER)}, parseUnits(${json(params.amount)}, 18)]) };`,
          ERC20,
        ),
    },
    {
      kind: 'wrong_function',
      name: 'transfers to the router instead',
      script: ({ params }) =>
        returns(
          `return { to: ${json(params.token.address)}, data: erc20.encodeFunctionData('transfer', [${json(params.spender)}, parseUnits(${json(params.amount)}, 18)]) };`,
          ERC20,
        ),
    },
    {
      kind: 'wrong_token',
      name: 'approves on WBNB',
      script: ({ params }) =>
        returns(
          `return { to: deployedContracts.WBNB, data: erc20.encodeFunctionData('approve', [${json(params.spender)}, parseUnits(${json(params.amount)}, 18)]) };`,
          ERC20,
        ),
    },
  ],
  erc20_transfer_percentage: [
    {
      kind: 'wrong_amount',
      name: 'sends the percentage as whole tokens',
      script: ({ params }) =>
        returns(
          call(json(params.token.address), 'transfer', `${json(params.to)}, parseUnits(${json(String(params.percent))}, 18)`),
          TOKEN_RW,
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'sends the complement share',
      script: ({ params }) =>
        returns(
          `${readBalance(params.token.address)}\n${call(json(params.token.address), 'transfer', `${json(params.to)}, bal * BigInt(100 - ${params.percent}) / 100n`)}`,
          TOKEN_RW,
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'divides by 1000 instead of 100',
      script: ({ params }) =>
        returns(
          `${readBalance(params.token.address)}\n${call(json(params.token.address), 'transfer', `${json(params.to)}, bal * BigInt(${params.percent}) / 1000n`)}`,
          TOKEN_RW,
        ),
    },
    {
      kind: 'wrong_recipient',
      name: 'right share, wrong recipient',
      script: ({ params }) =>
        returns(
          `${readBalance(params.token.address)}\n${call(json(params.token.address), 'transfer', `${json(OTHER)}, bal * BigInt(${params.percent}) / 100n`)}`,
          TOKEN_RW,
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'share of an assumed 1000-token balance',
      script: ({ params }) =>
        returns(
          call(json(params.token.address), 'transfer', `${json(params.to)}, parseUnits('1000', 18) * BigInt(${params.percent}) / 100n`),
          TOKEN_RW,
        ),
    },
  ],
  erc20_transfer_max_amount: [
    {
      kind: 'wrong_recipient',
      name: 'whole balance to a different address',
      script: ({ params }) =>
        returns(`${readBalance(params.token.address)}\n${call(json(params.token.address), 'transfer', `${json(OTHER)}, bal`)}`, TOKEN_RW),
    },
    {
      kind: 'wrong_amount',
      name: 'keeps one token back',
      script: ({ params }) =>
        returns(
          `${readBalance(params.token.address)}\n${call(json(params.token.address), 'transfer', `${json(params.to)}, bal - parseUnits('1', 18)`)}`,
          TOKEN_RW,
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'balance read as whole tokens and sent in wei',
      script: ({ params }) =>
        returns(
          `${readBalance(params.token.address)}\n${call(json(params.token.address), 'transfer', `${json(params.to)}, bal / 10n ** 18n`)}`,
          TOKEN_RW,
        ),
    },
    {
      kind: 'wrong_function',
      name: 'approves the recipient for the balance',
      script: ({ params }) =>
        returns(
          `${readBalance(params.token.address)}\n${call(json(params.token.address), 'approve', `${json(params.to)}, bal`)}`,
          TOKEN_RW,
        ),
    },
    // Rounds the balance down to 6 decimals (a float round-trip): the recipient gets all but dust, the wallet is not empty.
    {
      kind: 'wrong_amount',
      name: 'balance rounded down to 6 decimals',
      maxScore: 70,
      script: ({ params }) =>
        returns(
          `${readBalance(params.token.address)}\n${call(json(params.token.address), 'transfer', `${json(params.to)}, bal - bal % 10n ** 12n`)}`,
          TOKEN_RW,
        ),
    },
  ],
  erc20_increase_allowance: [
    {
      kind: 'wrong_function',
      name: 'approves the amount (overwrites the allowance)',
      script: ({ params }) =>
        returns(call(json(params.token.address), 'approve', `${json(params.spender)}, parseUnits(${json(params.amount)}, 18)`), TOKEN_RW),
    },
    {
      kind: 'wrong_amount',
      name: 'amount with 6 decimals',
      script: ({ params }) =>
        returns(
          call(json(params.token.address), 'increaseAllowance', `${json(params.spender)}, parseUnits(${json(params.amount)}, 6)`),
          TOKEN_RW,
        ),
    },
    {
      kind: 'wrong_recipient',
      name: 'raises a different spender',
      script: ({ params }) =>
        returns(call(json(params.token.address), 'increaseAllowance', `${json(OTHER)}, parseUnits(${json(params.amount)}, 18)`), TOKEN_RW),
    },
    {
      kind: 'wrong_function',
      name: 'decreases instead of increasing',
      script: ({ params }) =>
        returns(
          call(json(params.token.address), 'decreaseAllowance', `${json(params.spender)}, parseUnits(${json(params.amount)}, 18)`),
          TOKEN_RW,
        ),
    },
    {
      kind: 'wrong_token',
      name: 'raises the allowance on WBNB',
      script: ({ params }) =>
        returns(
          call(
            'deployedContracts.WBNB',
            'approve',
            `${json(params.spender)}, parseUnits('10000', 18) + parseUnits(${json(params.amount)}, 18)`,
          ),
          TOKEN_RW,
        ),
    },
    // Same end state through approve(current + N): only the function check is lost.
    {
      kind: 'wrong_function',
      name: 'approves current + amount',
      maxScore: 80,
      script: ({ params }) =>
        returns(
          `${readAllowance(params.token.address, params.spender)}\n${call(json(params.token.address), 'approve', `${json(params.spender)}, cur + parseUnits(${json(params.amount)}, 18)`)}`,
          TOKEN_RW,
        ),
    },
  ],
  erc20_decrease_allowance: [
    {
      kind: 'wrong_function',
      name: 'approves the amount (overwrites the allowance)',
      script: ({ params }) =>
        returns(call(json(params.token.address), 'approve', `${json(params.spender)}, parseUnits(${json(params.amount)}, 18)`), TOKEN_RW),
    },
    {
      kind: 'wrong_function',
      name: 'increases instead of decreasing',
      script: ({ params }) =>
        returns(
          call(json(params.token.address), 'increaseAllowance', `${json(params.spender)}, parseUnits(${json(params.amount)}, 18)`),
          TOKEN_RW,
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'amount with 6 decimals',
      script: ({ params }) =>
        returns(
          call(json(params.token.address), 'decreaseAllowance', `${json(params.spender)}, parseUnits(${json(params.amount)}, 6)`),
          TOKEN_RW,
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'amount ×10',
      script: ({ params }) =>
        returns(
          call(json(params.token.address), 'decreaseAllowance', `${json(params.spender)}, parseUnits(${json(params.amount)}, 18) * 10n`),
          TOKEN_RW,
        ),
    },
    {
      kind: 'wrong_recipient',
      name: 'lowers a spender with no allowance',
      script: ({ params }) =>
        returns(call(json(params.token.address), 'decreaseAllowance', `${json(OTHER)}, parseUnits(${json(params.amount)}, 18)`), TOKEN_RW),
    },
    // Same end state through approve(current - N): only the function check is lost.
    {
      kind: 'wrong_function',
      name: 'approves current - amount',
      maxScore: 80,
      script: ({ params }) =>
        returns(
          `${readAllowance(params.token.address, params.spender)}\n${call(json(params.token.address), 'approve', `${json(params.spender)}, cur - parseUnits(${json(params.amount)}, 18)`)}`,
          TOKEN_RW,
        ),
    },
  ],
  erc20_revoke_approval: [
    {
      kind: 'wrong_recipient',
      name: 'revokes a different spender',
      script: ({ params, env }) =>
        returns(
          call(
            'deployedContracts.USDT',
            'approve',
            `${json([env.venus, env.pancake_v3_router, env.router].find((a) => a !== params.spender.address))}, 0n`,
          ),
          TOKEN_RW,
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'grants an unlimited approval instead',
      script: ({ params }) => returns(call('deployedContracts.USDT', 'approve', `${json(params.spender.address)}, MaxUint256`), TOKEN_RW),
    },
    {
      kind: 'wrong_token',
      name: 'revokes on BUSD',
      script: ({ params }) => returns(call('deployedContracts.BUSD', 'approve', `${json(params.spender.address)}, 0n`), TOKEN_RW),
    },
    {
      kind: 'wrong_function',
      name: 'transfers the allowance amount to the spender',
      script: ({ params }) =>
        returns(call('deployedContracts.USDT', 'transfer', `${json(params.spender.address)}, parseUnits('1000', 18)`), TOKEN_RW),
    },
    {
      kind: 'wrong_amount',
      name: 'lowers it by half instead of to zero',
      script: ({ params, env }) =>
        returns(
          `${readAllowance(env.USDT!, params.spender.address)}\n${call('deployedContracts.USDT', 'decreaseAllowance', `${json(params.spender.address)}, cur / 2n`)}`,
          TOKEN_RW,
        ),
    },
  ],
};
