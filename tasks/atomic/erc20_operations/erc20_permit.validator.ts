import { encodeFunctionData, encodePacked, keccak256, parseAbi, parseSignature, parseUnits, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { allowanceOf, callsFunction, compareAmount, defineValidator, DEPLOYER, sendAs, succeeded } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

/** With the derived parameters as derive() below returns them. */
type Params = TaskParams<'erc20_permit'> & { owner: Address; deadline: string; signature: Hex; v: number; r: Hex; s: Hex };
type State = { allowance: bigint; nonce: bigint };

const QST = parseAbi(['function nonces(address owner) view returns (uint256)', 'function mint(address to, uint256 amount)']);

// The owner is a per-instance key the model never sees: only a real permit can set its allowance.
const ownerOf = (seed: number) =>
  privateKeyToAccount(keccak256(encodePacked(['string', 'uint256'], ['evm-questbench/erc20_permit/owner', BigInt(seed)])));

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ params }) => params.token,
  derive: async ({ chain, params, seed }) => {
    const owner = ownerOf(seed);
    // Signed against the state the model will see: derive runs after the revert to the snapshot.
    const nonce = await chain.public.readContract({ address: params.token, abi: QST, functionName: 'nonces', args: [owner.address] });
    const head = await chain.public.getBlock({ blockTag: 'latest' });
    const deadline = head.timestamp + 86_400n;
    const signature = await owner.signTypedData({
      domain: { name: 'Quest Token', version: '1', chainId: await chain.public.getChainId(), verifyingContract: params.token },
      types: {
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Permit',
      message: { owner: owner.address, spender: params.spender, value: parseUnits(params.value, 18), nonce, deadline },
    });
    const { r, s, yParity } = parseSignature(signature);
    return { owner: owner.address, deadline: deadline.toString(), signature, v: 27 + yParity, r, s };
  },
  setup: async ({ chain, params }) => {
    // The owner holds QST, so the permit is worth something; minting does not touch its nonce.
    await sendAs(
      chain,
      DEPLOYER,
      params.token,
      encodeFunctionData({ abi: QST, functionName: 'mint', args: [params.owner, parseUnits('5000', 18)] }),
    );
  },
  observe: async ({ chain, params }) => ({
    allowance: await allowanceOf(chain, params.token, params.owner, params.spender),
    nonce: await chain.readContract({ address: params.token, abi: QST, functionName: 'nonces', args: [params.owner] }),
  }),
  checks: [
    succeeded(10, 'call to the QST contract succeeded'),
    callsFunction(15, 'permit(address,address,uint256,uint256,uint8,bytes32,bytes32)'),
    {
      // The owner's allowance, not the agent's: an approve from the agent's own wallet does not count.
      name: "spender's allowance from the owner is exactly the permitted value",
      weight: 55,
      verify: ({ post, params }) => compareAmount('allowance', post.allowance, parseUnits(params.value, 18), { symbol: 'QST' }),
    },
    {
      name: "owner's permit nonce was used once",
      weight: 20,
      verify: ({ pre, post }) => ({ pass: post.nonce === pre.nonce + 1n, detail: `nonce ${pre.nonce} → ${post.nonce}` }),
    },
  ],
});
