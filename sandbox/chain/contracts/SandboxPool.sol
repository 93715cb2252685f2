// SPDX-License-Identifier: MIT
// The sandbox's exchange: one constant-product pool (x * y = k, 0.3 % fee) for a pair of assets, the first of
// which may be native ether (token0 == ETH, the zero address). The formula is Uniswap v2's; the liquidity is
// added once, at deployment, and stays: the pool is a fixture of the sandbox chain (sandbox/chain/pools.mjs
// deploys it), not a market anyone joins, so there are no LP shares. sandbox/chain/poolMath.mjs computes the
// same numbers off chain. Compiled by sandbox/chain/build-contracts.mjs into SandboxPool.json.
pragma solidity 0.8.37;

interface IERC20Transfers {
    function transfer(address to, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

contract SandboxPool {
    /// The asset address that stands for native ether.
    address public constant ETH = address(0);
    /// What is left of an input after the 0.3 % fee, over FEE_DENOMINATOR.
    uint256 private constant FEE_NUMERATOR = 997;
    uint256 private constant FEE_DENOMINATOR = 1000;

    address public immutable token0;
    address public immutable token1;
    uint256 private reserve0;
    uint256 private reserve1;
    bool private locked;

    event LiquidityAdded(address indexed provider, uint256 amount0, uint256 amount1);
    event Swap(
        address indexed sender, address indexed to, address indexed tokenIn, uint256 amountIn, uint256 amountOut
    );
    /// The reserves after every change, so an indexer needs no call.
    event Sync(uint256 reserve0, uint256 reserve1);

    // An ether payout calls the recipient: no swap may run inside another.
    modifier lock() {
        require(!locked, "SandboxPool: locked");
        locked = true;
        _;
        locked = false;
    }

    // A swap signed against an old quote must not land at a worse time.
    modifier ensure(uint256 deadline) {
        require(block.timestamp <= deadline, "SandboxPool: expired");
        _;
    }

    /// Pulls amount0 of token0 (for ether: exactly msg.value) and amount1 of token1 from the deployer, who
    /// approved this address beforehand.
    constructor(address token0_, address token1_, uint256 amount0, uint256 amount1) payable {
        require(token1_ != ETH, "SandboxPool: ether can only be token0");
        require(token0_ != token1_, "SandboxPool: identical tokens");
        require(amount0 > 0 && amount1 > 0, "SandboxPool: insufficient liquidity");
        token0 = token0_;
        token1 = token1_;
        if (token0_ == ETH) {
            require(msg.value == amount0, "SandboxPool: value must equal amount0");
        } else {
            require(msg.value == 0, "SandboxPool: a token pool takes no ether");
            _pull(token0_, amount0);
        }
        _pull(token1_, amount1);
        reserve0 = amount0;
        reserve1 = amount1;
        emit LiquidityAdded(msg.sender, amount0, amount1);
        emit Sync(amount0, amount1);
    }

    /// The pool's reserves of token0 and token1, in base units.
    function getReserves() external view returns (uint256, uint256) {
        return (reserve0, reserve1);
    }

    /// What `amountIn` buys against reserves (reserveIn, reserveOut), after the 0.3 % fee; rounded down.
    function getAmountOut(uint256 amountIn, uint256 reserveIn, uint256 reserveOut) public pure returns (uint256) {
        require(amountIn > 0, "SandboxPool: insufficient input amount");
        require(reserveIn > 0 && reserveOut > 0, "SandboxPool: insufficient liquidity");
        uint256 amountInWithFee = amountIn * FEE_NUMERATOR;
        return (amountInWithFee * reserveOut) / (reserveIn * FEE_DENOMINATOR + amountInWithFee);
    }

    /// What a swap of `amountIn` of `tokenIn` (ETH for ether) would pay out now.
    function quote(address tokenIn, uint256 amountIn) external view returns (uint256) {
        (uint256 reserveIn, uint256 reserveOut) = _reservesFrom(tokenIn);
        return getAmountOut(amountIn, reserveIn, reserveOut);
    }

    /// Ether pool: sells msg.value of ether for token1, paid to `to`.
    function swapExactETHForTokens(uint256 minOut, address to, uint256 deadline)
        external
        payable
        lock
        ensure(deadline)
        returns (uint256)
    {
        require(token0 == ETH, "SandboxPool: not an ether pool");
        return _swap(ETH, msg.value, minOut, to);
    }

    /// Ether pool: sells `amountIn` of token1 (approved to this pool) for ether, paid to `to`.
    function swapExactTokensForETH(uint256 amountIn, uint256 minOut, address to, uint256 deadline)
        external
        lock
        ensure(deadline)
        returns (uint256)
    {
        require(token0 == ETH, "SandboxPool: not an ether pool");
        _pull(token1, amountIn);
        return _swap(token1, amountIn, minOut, to);
    }

    /// Token pool: sells `amountIn` of `tokenIn` (approved to this pool) for the other token, paid to `to`.
    function swapExactTokensForTokens(address tokenIn, uint256 amountIn, uint256 minOut, address to, uint256 deadline)
        external
        lock
        ensure(deadline)
        returns (uint256)
    {
        require(token0 != ETH, "SandboxPool: an ether pool swaps with the ETH functions");
        _reservesFrom(tokenIn); // a token outside the pool fails here, with this pool's reason
        _pull(tokenIn, amountIn);
        return _swap(tokenIn, amountIn, minOut, to);
    }

    function _reservesFrom(address tokenIn) private view returns (uint256, uint256) {
        if (tokenIn == token0) return (reserve0, reserve1);
        require(tokenIn == token1, "SandboxPool: token not in this pool");
        return (reserve1, reserve0);
    }

    // The input has arrived (ether with the call, tokens pulled): price it, move the reserves, then pay out.
    function _swap(address tokenIn, uint256 amountIn, uint256 minOut, address to) private returns (uint256) {
        require(to != address(0) && to != address(this), "SandboxPool: invalid recipient");
        (uint256 reserveIn, uint256 reserveOut) = _reservesFrom(tokenIn);
        uint256 amountOut = getAmountOut(amountIn, reserveIn, reserveOut);
        require(amountOut > 0 && amountOut >= minOut, "SandboxPool: insufficient output amount");
        address tokenOut;
        if (tokenIn == token0) {
            reserve0 = reserveIn + amountIn;
            reserve1 = reserveOut - amountOut;
            tokenOut = token1;
        } else {
            reserve1 = reserveIn + amountIn;
            reserve0 = reserveOut - amountOut;
            tokenOut = token0;
        }
        if (tokenOut == ETH) {
            (bool sent,) = to.call{value: amountOut}("");
            require(sent, "SandboxPool: ether payout failed");
        } else {
            require(IERC20Transfers(tokenOut).transfer(to, amountOut), "SandboxPool: token payout failed");
        }
        emit Swap(msg.sender, to, tokenIn, amountIn, amountOut);
        emit Sync(reserve0, reserve1);
        return amountOut;
    }

    function _pull(address token, uint256 amount) private {
        require(
            IERC20Transfers(token).transferFrom(msg.sender, address(this), amount), "SandboxPool: token transfer failed"
        );
    }
}
