import { describe, expect, it } from 'vitest';
import { liveRestrictionMessage, parseBanStatus } from './ban-status.ts';

describe('ban status and live restrictions', () => {
  it.each([
    ['not banned', { banned: false, walletBanned: false, ipBanned: false, message: null }, false, null],
    [
      'wallet banned with a message',
      { banned: true, walletBanned: true, message: 'Banned: cheating' },
      true,
      'Banned: cheating',
    ],
    [
      'wallet banned, no message',
      { banned: true, walletBanned: true, ipBanned: false },
      true,
      'Your wallet has been banned',
    ],
    [
      'IP banned, no message',
      { banned: true, walletBanned: false, ipBanned: true, message: '' },
      true,
      'Your IP address has been banned',
    ],
    ['banned, neither flag', { banned: true }, true, 'Your account has been restricted'],
  ])('default ban messages: %s', async (_, body, banned, message) => {
    expect(await parseBanStatus(body)).toEqual({ banned, message, paidPlayRestricted: null });
  });

  it.each([
    ['with its text', { banned: false, paidPlayRestricted: true, paidPlayMessage: 'Not here' }, 'Not here'],
    [
      'without a text',
      { banned: false, paidPlayRestricted: true },
      'Paid games are not available in your jurisdiction (restricted by the Terms of Service). Practice mode is still open.',
    ],
    ['not restricted', { banned: false, paidPlayRestricted: false, paidPlayMessage: 'x' }, null],
    ['a server without the field', { banned: false }, null],
  ])('paid play in a restricted jurisdiction, %s', async (_, body, expected) => {
    expect((await parseBanStatus(body))?.paidPlayRestricted).toBe(expected);
  });

  it.each([
    ['no body', null],
    ['an array', []],
    ['banned not a boolean', { banned: 'yes' }],
  ])('an unreadable ban status is refused: %s', async (_, body) => {
    expect(await parseBanStatus(body)).toBeNull();
  });

  it.each([
    ['no error', { lastError: null, lastErrorCode: null }, null],
    [
      'the account_restricted code',
      { lastError: 'Banned: cheating', lastErrorCode: 'account_restricted' },
      'Banned: cheating',
    ],
    [
      'a default ban message without a code',
      { lastError: 'Your IP address has been banned' },
      'Your IP address has been banned',
    ],
    ['another error', { lastError: 'Game not found', lastErrorCode: 'game_not_found' }, null],
    ['a connection error', { lastError: 'Connection lost', lastErrorCode: null }, null],
  ])('live restriction: %s', (_, view, expected) => {
    expect(liveRestrictionMessage(view)).toBe(expected);
  });
});
