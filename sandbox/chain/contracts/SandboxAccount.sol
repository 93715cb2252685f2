// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// A minimal contract account for the sandbox: one owner key. Its ERC-1271 signatures are the owner's
/// (over the hash it is given), and it makes any call its owner asks for. Smart sessions (ERC-7715 in the
/// sandbox): the owner registers a session key with a policy (one target, a value limit per call, an
/// expiry); anyone may submit a transfer the session key signed, and the account makes it only within that
/// policy, so the limits hold on chain whoever submits.
contract SandboxAccount {
    address public immutable owner;

    struct Session {
        address target;
        uint256 maxValue;
        uint64 expiry;
        bool revoked;
    }

    /// Session key => its policy; a key never registered has expiry 0.
    mapping(address => Session) public sessions;
    /// Counts the session calls made: each signature covers it, so none is replayed.
    uint256 public sessionNonce;

    event SessionGranted(address indexed key, address target, uint256 maxValue, uint64 expiry);
    event SessionRevoked(address indexed key);

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

    /// Registers (or replaces) session key `key`: it may send at most `maxValue` wei per call to `target`,
    /// without call data, until `expiry` (unix seconds).
    function grantSession(address key, address target, uint256 maxValue, uint64 expiry) external {
        require(msg.sender == owner || msg.sender == address(this), "SandboxAccount: not the owner");
        require(key != address(0) && target != address(0), "SandboxAccount: no key or target");
        require(expiry > block.timestamp, "SandboxAccount: expiry passed");
        sessions[key] = Session(target, maxValue, expiry, false);
        emit SessionGranted(key, target, maxValue, expiry);
    }

    function revokeSession(address key) external {
        require(msg.sender == owner || msg.sender == address(this), "SandboxAccount: not the owner");
        require(sessions[key].expiry != 0, "SandboxAccount: unknown session");
        sessions[key].revoked = true;
        emit SessionRevoked(key);
    }

    /// The hash a session key signs (as an EIP-191 personal message) for one call of this account.
    function sessionCallHash(address target, uint256 value, bytes calldata data, uint256 nonce)
        public
        view
        returns (bytes32)
    {
        return keccak256(abi.encode(address(this), block.chainid, nonce, target, value, keccak256(data)));
    }

    /// Makes the call session key `key` signed, if its policy allows it; anyone may submit it.
    function executeAsSession(
        address key,
        address target,
        uint256 value,
        bytes calldata data,
        bytes calldata signature
    ) external returns (bytes memory) {
        Session memory session = sessions[key];
        require(session.expiry != 0, "SandboxAccount: unknown session");
        require(!session.revoked, "SandboxAccount: session revoked");
        require(block.timestamp <= session.expiry, "SandboxAccount: session expired");
        require(target == session.target, "SandboxAccount: target not allowed");
        require(value <= session.maxValue, "SandboxAccount: value over the limit");
        require(data.length == 0, "SandboxAccount: session may only transfer");
        bytes32 hash = keccak256(
            abi.encodePacked("\x19Ethereum Signed Message:\n32", sessionCallHash(target, value, data, sessionNonce))
        );
        address signer = recover(hash, signature);
        require(signer != address(0) && signer == key, "SandboxAccount: not signed by the session key");
        sessionNonce += 1;
        (bool ok, bytes memory result) = target.call{value: value}(data);
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
