import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { newWallet, playGame } from '../../../../test/support/admin-fixtures.ts';
import { describeEachDatabase, uniqueSignature } from '../../../../test/support/database-bed.ts';
import { createFakeClock } from '../../../common/clock.ts';
import { systemEvents, transactions } from '../../db/schema/index.ts';
import {
  decodeCursor,
  InvalidCursorError,
  MAX_PAGE_LIMIT,
  type Page,
  type PageRequest,
  pageLimit,
} from './cursor.ts';
import { listGames } from './games-list.ts';
import { listSystemEvents } from './system-events-list.ts';
import { listTransactions } from './transactions-list.ts';
import { listWallets } from './wallets-list.ts';

/** Every page of a list, following nextCursor. */
async function walk<T>(list: (request: PageRequest) => Promise<Page<T>>, limit: number): Promise<T[][]> {
  const pages: T[][] = [];
  let cursor: string | null = null;
  do {
    const page: Page<T> = await list({ limit, cursor });
    pages.push(page.items);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 100);
  return pages;
}

describeEachDatabase('cursor pagination on every admin list', (target) => {
  const clock = createFakeClock();

  it('rows sharing one timestamp are walked page by page, none skipped, none repeated, in (created_at, id) order', async () => {
    const wallet = await newWallet();
    const at = new Date(clock.now());
    const ids = Array.from({ length: 7 }, () => randomUUID());
    await target.db.insert(transactions).values(
      ids.map((id) => ({
        id,
        type: 'entry_fee' as const,
        walletAddress: wallet,
        amountLamports: 25_000_000n,
        transactionSignature: uniqueSignature(),
        createdAt: at,
      })),
    );
    const pages = await walk((r) => listTransactions(target.db, { ...r, search: wallet }), 3);
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    expect(pages.flat().map((t) => t.id)).toEqual([...ids].sort().reverse());
  });

  it('timestamps a microsecond apart (finer than a JS Date) keep their order across pages', async () => {
    const tag = `micro-${randomUUID()}`;
    // One statement: the same now() for all, then 1 µs apart, newest last inserted.
    await target.db.insert(systemEvents).values(
      Array.from({ length: 6 }, (_, i) => ({
        severity: 'other' as const,
        eventType: tag,
        message: `event ${i}`,
        createdAt: sql`now() + make_interval(secs => ${i} * 0.000001)`,
      })),
    );
    const pages = await walk(async (r) => {
      const page = await listSystemEvents(target.db, r);
      return { ...page, items: page.items.filter((e) => e.eventType === tag) };
    }, 2);
    expect(pages.flat().map((e) => e.message)).toEqual([5, 4, 3, 2, 1, 0].map((i) => `event ${i}`));
  });

  it('games and wallets page the same way; a row written after the first page does not shift the next ones', async () => {
    const players = await Promise.all([newWallet(), newWallet(), newWallet()]);
    for (let i = 0; i < 5; i++) {
      await playGame(target.db, clock, {
        winner: players[i % 3]!,
        loser: players[(i + 1) % 3]!,
        mode: 'practice',
      });
    }
    const first = await listGames(target.db, { limit: 2 });
    await playGame(target.db, clock, { winner: players[0]!, loser: players[1]!, mode: 'practice' });
    const rest = await walk((r) => listGames(target.db, { ...r, cursor: r.cursor ?? first.nextCursor }), 2);
    const seen = [...first.items, ...rest.flat()].map((g) => g.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(5);

    const walletPages = await walk((r) => listWallets(target.db, r), 2);
    const wallets = walletPages.flat().map((w) => w.wallet_address);
    expect(new Set(wallets).size).toBe(wallets.length);
    expect(wallets).toEqual(expect.arrayContaining(players));
  });

  it('a malformed cursor is refused; the limit has a default and a maximum', async () => {
    await expect(listTransactions(target.db, { cursor: 'not-a-cursor' })).rejects.toBeInstanceOf(
      InvalidCursorError,
    );
    const forged = Buffer.from(JSON.stringify(['2024-01-01 00:00:00+00', "x'; DROP TABLE games"])).toString(
      'base64url',
    );
    await expect(listGames(target.db, { cursor: forged })).rejects.toBeInstanceOf(InvalidCursorError);
    expect(() => decodeCursor(Buffer.from('["yesterday","id"]').toString('base64url'))).toThrow(
      InvalidCursorError,
    );
    expect(pageLimit(undefined)).toBe(50);
    expect(pageLimit(10_000)).toBe(MAX_PAGE_LIMIT);
    expect(pageLimit(0)).toBe(1);
  });
});
