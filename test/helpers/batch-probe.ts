// The batch probe a reference puts at the wallet's address for one eth_call (a state override): it makes
// several calls in a row as the wallet, each seeing what the one before it did, and reverts with the first
// failure's revert data. "Buy, then sell right after" is simulated this way in a single call. References
// are self-contained answers, so each carries the bytecode itself; test/gasprice-blacklist-token.test.ts
// compiles this Yul and checks that the reference carries this code.

/** calldata: steps of target (32 bytes) | value (32) | data length (32) | data (unpadded) → nothing, or the failing step's revert. */
export const BATCH_PROBE_YUL = `
object "BatchProbe" {
  code {
    let p := 0
    for { } lt(p, calldatasize()) { } {
      let n := calldataload(add(p, 64))
      calldatacopy(0, add(p, 96), n)
      if iszero(call(gas(), calldataload(p), calldataload(add(p, 32)), 0, n, 0, 0)) {
        returndatacopy(0, 0, returndatasize())
        revert(0, returndatasize())
      }
      p := add(add(p, 96), n)
    }
    return(0, 0)
  }
}`;

/** BATCH_PROBE_YUL compiled by solc 0.8.37 with the optimizer on. */
export const BATCH_PROBE =
  '0x5f5b368110600957005b604081013580606083015f375f808281602086013586355af115602e57016060016001565b3d5f803e3d5ffd' as const;
