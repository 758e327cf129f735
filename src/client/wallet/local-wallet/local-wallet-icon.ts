import type { WalletIcon } from '@wallet-standard/base';

/** A cyan wallet with a yellow ball on slate, in the game's retro colours; drawn here, no image file. */
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
<rect width="64" height="64" rx="12" fill="#020617"/>
<rect x="8" y="16" width="48" height="34" rx="6" fill="none" stroke="#22d3ee" stroke-width="4"/>
<path d="M8 24h40" stroke="#22d3ee" stroke-width="4"/>
<rect x="38" y="30" width="18" height="12" rx="3" fill="#22d3ee"/>
<circle cx="46" cy="36" r="3" fill="#020617"/>
<circle cx="20" cy="38" r="5" fill="#facc15"/>
</svg>`;

export const LOCAL_WALLET_ICON: WalletIcon = `data:image/svg+xml;base64,${btoa(SVG)}`;
