// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// A minimal contract account for the sandbox: one owner key. Its ERC-1271 signatures are the owner's
/// (over the hash it is given), and it makes any call its owner asks for.
contract SandboxAccount {
    address public immutable owner;

    bytes4 private constant ERC1271_MAGIC = 0x1626ba7e;
    bytes4 private constant ERC1271_INVALID = 0xffffffff;
    // Half the secp256k1 order: a larger s is the malleable twin of a valid signature (EIP-2).
    uint256 private constant HALF_ORDER = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;

    constructor(address owner_) {
        owner = owner_;
    }

    receive() external payable {}

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        address signer = recover(hash, signature);
        return signer != address(0) && signer == owner ? ERC1271_MAGIC : ERC1271_INVALID;
    }

    function execute(address to, uint256 value, bytes calldata data) external returns (bytes memory) {
        require(msg.sender == owner, "SandboxAccount: not the owner");
        (bool ok, bytes memory result) = to.call{value: value}(data);
        require(ok, "SandboxAccount: call failed");
        return result;
    }

    function recover(bytes32 hash, bytes calldata signature) private pure returns (address) {
        if (signature.length != 65) return address(0);
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (uint256(s) > HALF_ORDER) return address(0);
        if (v < 27) v += 27;
        return ecrecover(hash, v, r, s);
    }
}
