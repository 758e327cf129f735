import { TERMS_VERSION } from '../common/rules.ts';

/** Names and addresses the player-facing texts share; defined once so the terms, header and admin agree. */

export const PRODUCT_NAME = 'Retro Pong';
export const PRODUCT_TAGLINE = 'skill based wager matchmaking';
export const ADMIN_PRODUCT_NAME = 'Retro Pong Back Office';

/** A placeholder domain (RFC 2606 reserves `.example`); the operator replaces it before launch. */
export const SUPPORT_DOMAIN = 'retropong.example';
export const SUPPORT_EMAIL = `support@${SUPPORT_DOMAIN}`;

/** SPEC §9: the terms were last updated on this date, the version a player accepts: 'March 9, 2025'. */
export const TERMS_LAST_UPDATED = new Date(`${TERMS_VERSION}T00:00:00Z`).toLocaleDateString('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
