// The balance probe the drainer approval tasks' references put at the wallet's address for one eth_call
// (a state override): it calls a contract as the wallet and returns the wallet's balance of a token before
// and after. The references are self-contained answers, so each carries the bytecode itself;
// test/gasprice-drainers.test.ts compiles this Yul and checks that they all carry this code.

/** calldata: token (32 bytes) | target (32) | call data → (balance before, balance after) of this address. */
export const BALANCE_PROBE_YUL = `
object "BalanceProbe" {
  code {
    let token := calldataload(0)
    let target := calldataload(32)
    mstore(0, shl(224, 0x70a08231))
    mstore(4, address())
    if iszero(staticcall(gas(), token, 0, 36, 0x80, 32)) { revert(0, 0) }
    let n := sub(calldatasize(), 64)
    calldatacopy(0x100, 64, n)
    if iszero(call(gas(), target, 0, 0x100, n, 0, 0)) {
      returndatacopy(0, 0, returndatasize())
      revert(0, returndatasize())
    }
    mstore(0, shl(224, 0x70a08231))
    mstore(4, address())
    if iszero(staticcall(gas(), token, 0, 36, 0xa0, 32)) { revert(0, 0) }
    return(0x80, 64)
  }
}`;

/** BALANCE_PROBE_YUL compiled by solc 0.8.37 with the optimizer on. */
export const BALANCE_PROBE =
  '0x5f356370a0823160e01b5f52306004526020608060245f845afa15605a575f8036603f190180604061010037610100826020355af115605e5760a060245f6020936370a0823160e01b8252306004525afa15605a5760406080f35b5f80fd5b3d5f803e3d5ffd' as const;
