/** Names and addresses the player-facing texts share; defined once so the terms, header and admin agree. */

export const PRODUCT_NAME = 'Retro Pong';
export const PRODUCT_TAGLINE = 'skill based wager matchmaking';
export const ADMIN_PRODUCT_NAME = 'Retro Pong Back Office';

/** A placeholder domain (RFC 2606 reserves `.example`); the operator replaces it before launch. */
export const SUPPORT_DOMAIN = 'retropong.example';
export const SUPPORT_EMAIL = `support@${SUPPORT_DOMAIN}`;

/** SPEC §9: the terms were last updated on this date. */
export const TERMS_LAST_UPDATED = 'March 9, 2025';
