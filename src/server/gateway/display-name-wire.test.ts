import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPlayer, type TestPlayer } from '../../../test/support/player-client.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { parseClientMessage } from '../../common/client-message-parse.ts';
import { createFakeClock } from '../../common/clock.ts';
import { DISPLAY_NAME_MAX_CHARS, displayNameFor } from '../../common/display-name.ts';

const GAME = '3f1e2d4c-5b6a-4789-8a0b-1c2d3e4f5a6b';
const WALLET = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

/** Every client message that carries a display name (SPEC §7), with that name. */
const carrying = (displayName: string) => [
  { type: 'connect', displayName },
  { type: 'reconnect', gameId: GAME, displayName },
  { type: 'findMatch', gameMode: 'practice', displayName },
];

describe('display names are refused at the wire when they could not be stored or would mislead', () => {
  it.each([
    ['a NUL (PostgreSQL refuses it in text and jsonb)', 'Eve\u0000'],
    ['a C0 control', 'Eve\u0007'],
    ['a tab', 'E\tve'],
    ['a C1 control', 'Eve\u0085'],
    ['a line separator', 'Eve\u2028Mallory'],
    ['an unpaired high surrogate', 'Eve\ud83d'],
    ['an unpaired low surrogate', '\ude00Eve'],
    ['a right-to-left override', 'Eve\u202egnp.exe'],
    ['a bidi isolate', '\u2067Eve'],
    ['a zero-width space', 'Play\u200ber-9xQe'],
    ['a byte order mark', '\ufeffEve'],
    ['a noncharacter', 'Eve\uffff'],
    ['one character too many', 'x'.repeat(DISPLAY_NAME_MAX_CHARS + 1)],
  ])(
    'a display name with %s is refused with a clear error, in connect, reconnect and findMatch',
    (_, name) => {
      for (const message of carrying(name)) {
        const parsed = parseClientMessage(JSON.stringify(message));
        expect(parsed.ok).toBe(false);
        if (!parsed.ok) expect(parsed.error).toMatch(/^Invalid message: Display name .* at displayName$/);
      }
    },
  );

  it.each([
    ['letters', 'Ann'],
    ['accents and other scripts', 'Zoë 日本語 Ωmega'],
    ['an emoji joined with zero-width joiners', 'Fam 👨‍👩‍👧'],
    ['a flag (regional indicators)', 'Fan 🇫🇷'],
    ['exactly the longest name, in characters not UTF-16 units', '😀'.repeat(DISPLAY_NAME_MAX_CHARS)],
    ['spaces around a name (trimmed)', `  ${'y'.repeat(DISPLAY_NAME_MAX_CHARS)}  `],
    ['the placeholder none', 'none'],
    ['the placeholder unnamed', 'unnamed'],
  ])('a display name of %s is accepted', (_, name) => {
    for (const message of carrying(name)) expect(parseClientMessage(JSON.stringify(message)).ok).toBe(true);
  });

  it('the placeholders and an empty name give the default name; another is kept trimmed', () => {
    expect(displayNameFor(WALLET, 'none')).toBe('Player-9xQe');
    expect(displayNameFor(WALLET, 'unnamed')).toBe('Player-9xQe');
    expect(displayNameFor(WALLET, '   ')).toBe('Player-9xQe');
    expect(displayNameFor(WALLET, '  Zoë  ')).toBe('Zoë');
  });
});

describe('display names over the socket: a refused name changes nothing', () => {
  const clock = createFakeClock();
  let server: TestServer;
  const open: TestPlayer[] = [];

  beforeAll(async () => {
    server = await startTestServer({ clock });
  });
  afterAll(async () => {
    for (const p of open) p.close();
    await server?.stop();
  });

  it('a findMatch whose name holds a NUL gets an error and starts no search; the name said before is the one the opponent sees', async () => {
    const [a, b] = [await connectPlayer(server.url), await connectPlayer(server.url)];
    open.push(a, b);
    a.send({ type: 'connect', displayName: ' Ann ✓ ' });
    await a.next('connect');
    a.send({ type: 'findMatch', gameMode: 'practice', displayName: 'Eve\u0000' });
    expect((await a.next('error')).data).toEqual({
      message:
        'Invalid message: Display name may not contain control, invisible or direction characters at displayName',
      code: 'invalid_message',
    });
    a.send({ type: 'reconnect', gameId: GAME, displayName: '\u202eEve' });
    expect((await a.next('error')).data.code).toBe('invalid_message');
    expect(server.game.game.queueLengths().practice).toBe(0);

    a.send({ type: 'findMatch', gameMode: 'practice' });
    await a.next('joinQueue');
    b.send({ type: 'findMatch', gameMode: 'practice' });
    expect((await b.next('matched')).data.opponentName).toBe('Ann ✓');
    expect((await a.next('matched')).data.opponentName).toBe(`Player-${b.wallet.address.slice(0, 4)}`);
  });
});
