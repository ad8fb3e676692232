// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title TipJar
/// @notice Takes BNB tips, each with a note, and remembers what every tipper gave.
contract TipJar {
    mapping(address tipper => uint256) public tipped;
    string public lastNote;
    uint256 public tips;

    event Tipped(address indexed from, uint256 amount, string note);

    function tip(string calldata note) external payable {
        require(msg.value > 0, "TipJar: empty tip");
        tipped[msg.sender] += msg.value;
        lastNote = note;
        tips += 1;
        emit Tipped(msg.sender, msg.value, note);
    }
}
