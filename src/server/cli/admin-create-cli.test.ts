import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../../test/support/database-bed.ts';
import { holdEmbeddedDatabase } from '../../../test/support/embedded-database-holder.ts';
import { seedMigratedPglite } from '../../../test/support/migrated-templates.ts';
import { findAdminByEmail } from '../admin/admin-accounts.ts';
import { ADMIN_EVENT } from '../admin/admin-events.ts';
import { openDatabase } from '../db/open-database.ts';
import { adminUsers } from '../db/schema/admin.ts';
import { systemEvents } from '../db/schema/index.ts';
import { ADMIN_CREATE_EXIT, type AdminCreateIo, runAdminCreateCli } from './admin-create-cli.ts';

const CLI = path.join(import.meta.dirname, 'admin-create-cli.ts');
const PASSWORD = 'an operator chose this';

function fakeIo(input: { stdin?: string; typed?: string[] }) {
  const out: string[] = [];
  const err: string[] = [];
  const typed = [...(input.typed ?? [])];
  const io: AdminCreateIo = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    askHidden: async () => typed.shift(),
    readStdin: async () => input.stdin ?? '',
  };
  return { io, out, err };
}

// Each case opens both databases several times (PGlite migrates on open) and hashes with argon2: slow on a busy machine.
describe('npm run admin:create', { timeout: 120_000 }, () => {
  let dataDir: string;
  let postgres: ThrowawayDatabase;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pong-admin-cli-'));
    await seedMigratedPglite(dataDir); // a migrated copy: this test is not about the first migration
    postgres = await createThrowawayDatabase();
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  });

  const envs = () =>
    [
      ['pglite', { DATA_DIR: dataDir, PORT: '0' }],
      ['postgresql', { DATA_DIR: dataDir, PORT: '0', DATABASE_URL: postgres.url }],
    ] as const;

  const readAdmin = async (env: Record<string, string>, email: string) => {
    const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
    try {
      const row = await findAdminByEmail(db.db, email);
      const events = await db.db
        .select()
        .from(systemEvents)
        .where(eq(systemEvents.eventType, ADMIN_EVENT.created));
      return { row, events };
    } finally {
      await db.close();
    }
  };

  it('--password-stdin creates an argon2id admin on each database, and the password is printed nowhere', async () => {
    for (const [, env] of envs()) {
      const email = 'Stdin@Pong.Example';
      const { io, out, err } = fakeIo({ stdin: `${PASSWORD}\n` });
      expect(await runAdminCreateCli(['--email', email, '--password-stdin'], env, io), err.join('\n')).toBe(
        ADMIN_CREATE_EXIT.created,
      );
      const { row, events } = await readAdmin(env, email);
      // The first admin of a database is its owner.
      expect(row).toMatchObject({ email: 'stdin@pong.example', role: 'owner', isActive: true });
      expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verify(row?.passwordHash ?? '', PASSWORD)).toBe(true);
      expect(events.some((e) => e.message.includes('stdin@pong.example'))).toBe(true);
      expect([...out, ...err].join('\n')).not.toContain(PASSWORD);

      const twice = fakeIo({ stdin: PASSWORD });
      expect(await runAdminCreateCli(['--email', email, '--password-stdin'], env, twice.io)).toBe(
        ADMIN_CREATE_EXIT.refused,
      );
      expect(twice.err.join('\n')).toContain('exists already');
    }
  });

  it('the hidden prompt asks twice, refuses two different answers, and --reset-password replaces a password', async () => {
    const [, env] = envs()[0];
    const email = 'prompted@pong.example';
    const differ = fakeIo({ typed: [PASSWORD, `${PASSWORD}!`] });
    expect(await runAdminCreateCli(['--email', email], env, differ.io)).toBe(ADMIN_CREATE_EXIT.cannotRun);
    expect(differ.err.join('\n')).toContain('the two passwords differ');
    expect((await readAdmin(env, email)).row).toBeUndefined();

    const same = fakeIo({ typed: [PASSWORD, PASSWORD] });
    expect(await runAdminCreateCli(['--email', email], env, same.io)).toBe(ADMIN_CREATE_EXIT.created);
    const before = (await readAdmin(env, email)).row;

    const newPassword = 'a brand new password';
    const reset = fakeIo({ typed: [newPassword, newPassword] });
    expect(await runAdminCreateCli(['--email', email, '--reset-password'], env, reset.io)).toBe(
      ADMIN_CREATE_EXIT.created,
    );
    const after = (await readAdmin(env, email)).row;
    expect(after?.id).toBe(before?.id);
    expect(await verify(after?.passwordHash ?? '', newPassword)).toBe(true);
  });

  it("--reset-2fa forgets an admin's authenticator and recovery codes, asks no password, and is recorded", async () => {
    const [, env] = envs()[0];
    const email = 'lost-phone@pong.example';
    expect(
      await runAdminCreateCli(['--email', email, '--password-stdin'], env, fakeIo({ stdin: PASSWORD }).io),
    ).toBe(ADMIN_CREATE_EXIT.created);
    const db = await openDatabase({ dataDir });
    try {
      await db.db
        .update(adminUsers)
        .set({ totpSecret: 'v1.sealed', totpEnabledAt: new Date(), totpLastStep: 1 })
        .where(eq(adminUsers.email, email));
    } finally {
      await db.close();
    }
    const reset = fakeIo({});
    expect(
      await runAdminCreateCli(['--email', email, '--reset-2fa'], env, reset.io),
      reset.err.join('\n'),
    ).toBe(ADMIN_CREATE_EXIT.created);
    const { row } = await readAdmin(env, email);
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    const nobody = fakeIo({});
    expect(await runAdminCreateCli(['--email', 'nobody@pong.example', '--reset-2fa'], env, nobody.io)).toBe(
      ADMIN_CREATE_EXIT.refused,
    );
  });

  it.each([
    [
      ['--email', 'not-an-email', '--password-stdin'],
      PASSWORD,
      ADMIN_CREATE_EXIT.refused,
      'is not an e-mail address',
    ],
    [
      ['--email', 'short@pong.example', '--password-stdin'],
      'short',
      ADMIN_CREATE_EXIT.refused,
      'at least 12',
    ],
    [['--password-stdin'], PASSWORD, ADMIN_CREATE_EXIT.cannotRun, 'Usage'],
    [['--email', 'noterm@pong.example'], PASSWORD, ADMIN_CREATE_EXIT.cannotRun, 'use --password-stdin'],
  ])('admin:create %j is refused and creates nothing', async (argv, stdin, code, text) => {
    const [, env] = envs()[0];
    const { io, err } = fakeIo({ stdin });
    expect(await runAdminCreateCli([...argv], env, io)).toBe(code);
    expect(err.join('\n')).toContain(text);
  });

  it('refused while another process holds the embedded database, whatever its port: the folder named, what to do instead, no account made', async () => {
    // The server of the report ran on PORT=3102 while admin:create looked at 3000: the lock does not care.
    const holder = await holdEmbeddedDatabase(dataDir, 'the game server (node test)');
    const { io, out, err } = fakeIo({ stdin: PASSWORD });
    const email = 'while-running@pong.example';
    try {
      const code = await runAdminCreateCli(
        ['--email', email, '--password-stdin'],
        { DATA_DIR: dataDir, PORT: '3000' },
        io,
      );
      expect(code).toBe(ADMIN_CREATE_EXIT.cannotRun);
      const said = err.join('\n');
      expect(said).toContain(
        `the embedded database in ${path.join(dataDir, 'pgdata')} is in use by process ${holder.pid} (the game server (node test))`,
      );
      expect(said).toContain('the Admins tab');
      expect(said).toContain('ADMIN_EMAIL');
      expect(out).toEqual([]);
    } finally {
      await holder.kill();
    }
    expect((await readAdmin({ DATA_DIR: dataDir }, email)).row).toBeUndefined();
  });

  it('the real command reads the password from standard input', async () => {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', CLI, '--email', 'spawned@pong.example', '--password-stdin'],
      {
        input: `${PASSWORD}\n`,
        env: { ...process.env, DATA_DIR: dataDir, PORT: '0', DATABASE_URL: postgres.url },
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('Admin spawned@pong.example created');
    expect(run.stdout + run.stderr).not.toContain(PASSWORD);
    const db = await openDatabase({ databaseUrl: postgres.url, dataDir });
    try {
      const rows = await db.db.select().from(adminUsers).where(eq(adminUsers.email, 'spawned@pong.example'));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ username: 'spawned' });
      expect(await verify(rows[0]?.passwordHash ?? '', PASSWORD)).toBe(true);
    } finally {
      await db.close();
    }
  });
});
