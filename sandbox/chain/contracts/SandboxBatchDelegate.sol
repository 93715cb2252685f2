// SPDX-License-Identifier: MIT
// The sandbox's batch executor for EIP-7702 accounts: once an EOA's code points at this contract (the
// delegation designator 0xef0100 || this address), the EOA can run a list of calls in one transaction,
// in order and all or nothing. Only the EOA itself may ask (msg.sender == address(this): the transaction is
// sent by the account to itself), so nobody else can spend through the delegation. It keeps no storage,
// so it cannot collide with anything else the account's storage holds, and emits no events of its own:
// a batch's logs are the calls' logs. The Sandbox Wallet (sandbox/wallets/injected/batches.ts) uses it for
// EIP-5792's wallet_sendCalls. Compiled by sandbox/chain/build-contracts.mjs into SandboxBatchDelegate.json.
pragma solidity 0.8.37;

contract SandboxBatchDelegate {
    struct Call {
        address to;
        uint256 value;
        bytes data;
    }

    /// The sender was not the account itself.
    error Unauthorized(address sender);
    /// Call `index` reverted with `reason` (its revert data, as it gave it); nothing of the batch remains.
    error CallFailed(uint256 index, bytes reason);

    /// Runs `calls` in order from this account; the first failing call reverts the whole batch.
    function execute(Call[] calldata calls) external payable {
        if (msg.sender != address(this)) revert Unauthorized(msg.sender);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool ok, bytes memory reason) = calls[i].to.call{value: calls[i].value}(calls[i].data);
            if (!ok) revert CallFailed(i, reason);
        }
    }

    /// An upgraded account still takes ether sent to it without data (a pool's ETH payout, a transfer).
    receive() external payable {}
}
