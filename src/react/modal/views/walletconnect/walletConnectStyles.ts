/** The WalletConnect view's styles (QR code, links), adopted when its chunk first renders. */
export const walletConnectCss = `
.walletconnect { display: flex; flex-direction: column; align-items: center; gap: calc(var(--_fs) * 1.2); text-align: center; }
.walletconnect > .list, .walletconnect > .row, .walletconnect > .input, .walletconnect > .button { width: 100%; }
.walletconnect .list-item > svg:first-child { margin: 0 var(--_s-1); }
.walletconnect .list .wallet-icon { width: calc(var(--_fs) * 3.2); height: calc(var(--_fs) * 3.2); }
.walletconnect-wallet { display: flex; align-items: center; gap: calc(var(--_fs) * 0.8); font-weight: 600; }
.qr { width: 100%; max-width: calc(var(--_fs) * 28); aspect-ratio: 1; border-radius: calc(var(--_r) * 2); }
.qr path { fill: var(--airlock-qr-color, #000); }
`
