import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { newWallet, playGame } from '../../../../test/support/admin-fixtures.ts';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { NOTE_ERRORS, NOTE_MAX_LENGTH, type SupportNoteRow } from '../../../common/api/support-notes.ts';
import { walletMoneyAnswerSchema } from '../../../common/api/wallet-money.ts';
import { supportNotes } from '../../db/schema/index.ts';
import { NOTE_ADDED_EVENT } from '../queries/support-notes.ts';
import { actionEvents, postAction } from '../test-support/admin-action-checks.ts';
import { type AdminBed, signedIn, startAdminApp } from '../test-support/admin-app-bed.ts';
import { NOTES_TARGET_REQUIRED } from './route-input.ts';

/**
 * Support notes on a wallet or a game: written by support (and above), never by the view-only role; each one
 * recorded in the audit trail with who wrote it and where from; read back newest first on the wallet's page
 * (with its games' notes) and in its money timeline; and kept as written: the database refuses to edit or
 * delete one, whoever asks.
 */
describeEachDatabase('support notes', (target) => {
  let h: AdminBed;
  let support: { cookie: string; email: string };
  let viewer: string;
  let wallet: string;
  let rival: string;
  let gameId: string;
  const notesOf = async (query: string) => {
    const res = await h.app.inject({ url: `/api/admin/notes?${query}`, headers: { cookie: viewer } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: SupportNoteRow[]; nextCursor: string | null }>();
  };

  beforeAll(async () => {
    h = await startAdminApp(target.db);
    const signed = await signedIn(h, target.db, 'support');
    support = { cookie: signed.cookie, email: signed.admin.email };
    ({ cookie: viewer } = await signedIn(h, target.db, 'viewer'));
    [wallet, rival] = [await newWallet(), await newWallet()];
    ({ gameId } = await playGame(target.db, h.clock, { winner: wallet, loser: rival, mode: 'smol_shrimp' }));
    return () => h.app.close();
  });

  it('support writes a note on a wallet and on a game; each is an audit event naming who, what and where', async () => {
    const onWallet = await postAction(h, support.cookie, '/notes', {
      targetKind: 'wallet',
      target: wallet,
      text: '  Player says the refund never came; the timeline shows it sent.  ',
    });
    expect(onWallet.statusCode, onWallet.body).toBe(200);
    expect(onWallet.json()).toMatchObject({
      targetKind: 'wallet',
      target: wallet,
      text: 'Player says the refund never came; the timeline shows it sent.',
      by: support.email,
    });
    h.clock.advance(1_000);
    const onGame = await postAction(h, support.cookie, '/notes', {
      targetKind: 'game',
      target: gameId.toUpperCase(),
      text: 'Replay checked: the last point is fair.',
    });
    expect(onGame.statusCode, onGame.body).toBe(200);
    expect(onGame.json()).toMatchObject({ targetKind: 'game', target: gameId, by: support.email });

    const events = await actionEvents(target.db, 'add_note');
    expect(events.map((e) => e.eventType)).toEqual([NOTE_ADDED_EVENT, NOTE_ADDED_EVENT]);
    expect(events[1]?.details).toMatchObject({
      targetKind: 'wallet',
      target: wallet,
      by: support.email,
      adminEmail: support.email,
      text: 'Player says the refund never came; the timeline shows it sent.',
    });
    expect(events[1]?.message).toContain(`Note on wallet ${wallet} by ${support.email}`);
  });

  it("a wallet's notes include its games' notes, newest first; a game's only its own", async () => {
    const ofWallet = await notesOf(`wallet=${wallet}`);
    expect(ofWallet.items.map((n) => n.targetKind)).toEqual(['game', 'wallet']);
    expect((await notesOf(`wallet=${rival}`)).items.map((n) => n.targetKind)).toEqual(['game']);
    expect((await notesOf(`game=${gameId}`)).items.map((n) => n.text)).toEqual([
      'Replay checked: the last point is fair.',
    ]);
  });

  it("the wallet's money timeline shows each note with its author", async () => {
    const res = await h.app.inject({
      url: `/api/admin/wallets/${wallet}/money`,
      headers: { cookie: viewer },
    });
    const money = walletMoneyAnswerSchema.parse(res.json());
    const notes = money.items.filter((r) => r.kind === 'note');
    expect(notes.map((n) => [n.cause, n.by, n.gameId])).toEqual([
      ['Replay checked: the last point is fair.', support.email, gameId],
      ['Player says the refund never came; the timeline shows it sent.', support.email, null],
    ]);
  });

  it('the view-only role reads notes but may not write one (403), and nothing is written', async () => {
    const before = (await notesOf(`wallet=${wallet}`)).items.length;
    const res = await postAction(h, viewer, '/notes', {
      targetKind: 'wallet',
      target: wallet,
      text: 'hello',
    });
    expect(res.statusCode).toBe(403);
    expect((await notesOf(`wallet=${wallet}`)).items).toHaveLength(before);
  });

  it('a note needs a known kind, its text (at most 2000 characters) and a real wallet or game', async () => {
    for (const [body, status, error] of [
      [{ targetKind: 'ip', target: wallet, text: 'x' }, 400, NOTE_ERRORS.invalidKind],
      [{ targetKind: 'wallet', target: wallet, text: '   ' }, 400, NOTE_ERRORS.textRequired],
      [
        { targetKind: 'wallet', target: wallet, text: 'x'.repeat(NOTE_MAX_LENGTH + 1) },
        400,
        NOTE_ERRORS.textRequired,
      ],
      [{ targetKind: 'wallet', target: 'not-a-wallet', text: 'x' }, 400, NOTE_ERRORS.invalidWallet],
      [{ targetKind: 'game', target: 'not-a-game', text: 'x' }, 400, NOTE_ERRORS.invalidGame],
      [{ targetKind: 'game', target: randomUUID(), text: 'x' }, 404, NOTE_ERRORS.gameNotFound],
    ] as const) {
      const res = await postAction(h, support.cookie, '/notes', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json()).toEqual({ error });
    }
    for (const query of ['', `wallet=${wallet}&game=${gameId}`]) {
      const res = await h.app.inject({ url: `/api/admin/notes?${query}`, headers: { cookie: viewer } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: NOTES_TARGET_REQUIRED });
    }
  });

  it('a note is kept as written: the database refuses to edit or delete it', async () => {
    const [note] = await target.db.select().from(supportNotes).limit(1);
    await expect(
      target.db.update(supportNotes).set({ body: 'rewritten' }).where(eq(supportNotes.id, note!.id)),
    ).rejects.toThrow();
    await expect(target.db.delete(supportNotes).where(eq(supportNotes.id, note!.id))).rejects.toThrow();
    await expect(target.db.execute(sql`DELETE FROM support_notes`)).rejects.toThrow();
    const [still] = await target.db.select().from(supportNotes).where(eq(supportNotes.id, note!.id));
    expect(still?.body).toBe(note?.body);
  });
});
