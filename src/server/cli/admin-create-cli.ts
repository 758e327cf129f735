import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { systemClock } from '../../common/clock.ts';
import {
  adminCredentialsProblem,
  createAdmin,
  findAdminByEmail,
  setAdminPassword,
} from '../admin/admin-accounts.ts';
import { ADMIN_EVENT } from '../admin/admin-events.ts';
import { createAdminSessionStore } from '../admin/admin-sessions.ts';
import { readAllStdin, readHiddenLine } from '../admin/password-prompt.ts';
import { resetTwoFactor } from '../admin/two-factor/admin-two-factor.ts';
import { loadConfig } from '../config.ts';
import { DataDirInUseError } from '../db/data-dir-lock.ts';
import type { Database } from '../db/database.ts';
import { type OpenedDatabase, openDatabase } from '../db/open-database.ts';
import { recordSystemEvent } from '../operations-log/system-events.ts';

export const ADMIN_CREATE_EXIT = { created: 0, refused: 1, cannotRun: 2 } as const;

const USAGE = `Usage: npm run admin:create -- --email <email> [--password-stdin] [--username <name>] [--reset-password | --reset-2fa]

Creates an admin account for /admin/login in the server's database (DATA_DIR, or DATABASE_URL).
The password is asked for twice without echo, or read from standard input with --password-stdin
(e.g. \`printf %s "$PW" | npm run admin:create -- --email ops@pong.example --password-stdin\`).
  --reset-password   set a new password for an admin that exists instead of creating one
  --reset-2fa        forget an admin's authenticator and recovery codes (it enrols again at its next
                     sign-in) and end its sessions; asks no password
The embedded database is opened by one process at a time: with the server running, an owner adds admins
in the back-office (Admins tab); otherwise stop the server first.
Exit status: 0 done, 1 refused (exists, no such admin, bad e-mail or password), 2 could not run.`;

export interface AdminCreateIo {
  out(line: string): void;
  err(line: string): void;
  /** Asks on the terminal without echo; undefined when there is no terminal. */
  askHidden(prompt: string): Promise<string | undefined>;
  readStdin(): Promise<string>;
}

const stdio: AdminCreateIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  askHidden: (prompt) => readHiddenLine(prompt),
  readStdin: () => readAllStdin(),
};

async function readPassword(useStdin: boolean, io: AdminCreateIo): Promise<string | { error: string }> {
  if (useStdin) return (await io.readStdin()).replace(/\r?\n$/, '');
  const first = await io.askHidden('Password: ');
  if (first === undefined) return { error: 'no terminal to ask for the password: use --password-stdin' };
  const again = await io.askHidden('Repeat password: ');
  if (again !== first) return { error: 'the two passwords differ' };
  return first;
}

/**
 * The refusal when the embedded database is open in another process (the running server, on whatever port):
 * what holds it, and the ways to add an admin meanwhile.
 */
function inUseAdvice(error: DataDirInUseError): string {
  return [
    `admin:create: ${error.message}.`,
    'With the server running: an owner adds admins in the back-office (/admin, the Admins tab).',
    'Otherwise stop the server, run admin:create again, and start the server; or start it with ADMIN_EMAIL',
    'and ADMIN_PASSWORD set, which creates that admin if it does not exist.',
  ].join('\n');
}

/** `npm run admin:create` as a function: returns the exit code. The password is never printed. */
export async function runAdminCreateCli(
  argv: string[],
  env: Record<string, string | undefined>,
  io: AdminCreateIo = stdio,
): Promise<number> {
  let args: {
    email?: string;
    username?: string;
    'password-stdin'?: boolean;
    'reset-password'?: boolean;
    'reset-2fa'?: boolean;
  };
  try {
    ({ values: args } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        username: { type: 'string' },
        'password-stdin': { type: 'boolean' },
        'reset-password': { type: 'boolean' },
        'reset-2fa': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return ADMIN_CREATE_EXIT.cannotRun;
  }
  if (!args.email) {
    io.err(USAGE);
    return ADMIN_CREATE_EXIT.cannotRun;
  }

  let database: OpenedDatabase | undefined;
  try {
    const config = loadConfig(env);
    const open = () =>
      openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, openedBy: 'admin:create' });
    if (args['reset-2fa']) {
      database = await open();
      return await resetSecondFactor(database.db, args.email, io);
    }
    const password = await readPassword(args['password-stdin'] === true, io);
    if (typeof password !== 'string') {
      io.err(`admin:create: ${password.error}`);
      return ADMIN_CREATE_EXIT.cannotRun;
    }
    const problem = adminCredentialsProblem(args.email, password);
    if (problem) {
      io.err(`admin:create: ${problem}`);
      return ADMIN_CREATE_EXIT.refused;
    }
    database = await open();
    const { db } = database;
    if (args['reset-password']) {
      if (!(await setAdminPassword(db, systemClock, args.email, password))) {
        io.err(`admin:create: no admin ${args.email} to reset`);
        return ADMIN_CREATE_EXIT.refused;
      }
      await recordSystemEvent(db, {
        severity: 'warning',
        eventType: 'admin_password_reset',
        message: `Admin ${args.email} had the password reset with admin:create`,
        details: { email: args.email, source: 'admin:create' },
      });
      io.out(`Password of admin ${args.email} reset.`);
      return ADMIN_CREATE_EXIT.created;
    }
    const created = await createAdmin(db, systemClock, {
      email: args.email,
      password,
      ...(args.username ? { username: args.username } : {}),
    });
    if (!created) {
      io.err(`admin:create: an admin ${args.email} exists already (--reset-password sets a new password)`);
      return ADMIN_CREATE_EXIT.refused;
    }
    await recordSystemEvent(db, {
      severity: 'other',
      eventType: ADMIN_EVENT.created,
      message: `Admin ${created.email} created with admin:create`,
      details: { email: created.email, source: 'admin:create' },
    });
    io.out(`Admin ${created.email} created (role ${created.role}). Sign in at /admin/login.`);
    return ADMIN_CREATE_EXIT.created;
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      io.err(inUseAdvice(error));
      return ADMIN_CREATE_EXIT.cannotRun;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.err(`admin:create could not run: ${message}`);
    return ADMIN_CREATE_EXIT.cannotRun;
  } finally {
    await database?.close().catch(() => {});
  }
}

async function resetSecondFactor(db: Database, email: string, io: AdminCreateIo): Promise<number> {
  const admin = await findAdminByEmail(db, email);
  if (!admin) {
    io.err(`admin:create: no admin ${email} to reset`);
    return ADMIN_CREATE_EXIT.refused;
  }
  await resetTwoFactor(db, systemClock, admin.id);
  await createAdminSessionStore({ db, clock: systemClock }).endAllOf(admin.id);
  await recordSystemEvent(db, {
    severity: 'warning',
    eventType: ADMIN_EVENT.twoFactorReset,
    message: `Admin ${admin.email} had two-factor sign-in reset with admin:create`,
    details: { targetAdminId: admin.id, targetEmail: admin.email, source: 'admin:create' },
  });
  io.out(
    `Two-factor sign-in of admin ${admin.email} reset: it sets up an authenticator at its next sign-in.`,
  );
  return ADMIN_CREATE_EXIT.created;
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(entry).href) {
  runAdminCreateCli(process.argv.slice(2), process.env).then((code) => {
    process.exitCode = code;
  });
}
