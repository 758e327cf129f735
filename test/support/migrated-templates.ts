import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { migrationsFolder, openDatabase } from '../../src/server/db/open-database.ts';
import { packageRoot } from '../../src/server/package-root.ts';

/**
 * Migrated templates, so a test database starts in the state every migration leaves it in without running
 * them again. Opening a fresh PGlite (initdb in WebAssembly) and applying the migrations takes 6-16 s on a
 * busy two-core machine, and the suite opens hundreds; copying a migrated data folder and opening it takes
 * about 1 s. On PostgreSQL, `CREATE DATABASE … TEMPLATE` copies a migrated database instead of migrating.
 * Both are keyed by the migrations' content (and PGlite's version), so a new or edited migration makes a new
 * template and no test ever sees an older schema. The product still migrates on open: on a copy it finds
 * every migration applied, as a server restarting on its own data does.
 */

/** The migrations folder's files and PGlite's version, hashed: a template is only reused for the same. */
function templateKey(): string {
  const hash = createHash('sha256');
  const stack = [migrationsFolder()];
  const files: string[] = [];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) stack.push(full);
      else files.push(full);
    }
  }
  for (const file of files.sort()) {
    hash.update(path.relative(migrationsFolder(), file)).update('\0').update(readFileSync(file)).update('\0');
  }
  const pglitePackage = path.join(packageRoot(), 'node_modules/@electric-sql/pglite/package.json');
  hash.update(JSON.parse(readFileSync(pglitePackage, 'utf8')).version);
  return hash.digest('hex').slice(0, 16);
}

let key: string | undefined;
const templatesKey = () => {
  key ??= templateKey();
  return key;
};

/** Outside the clone, shared by every worktree on the machine; the key keeps different schemas apart. */
function pgliteTemplateDir(): string {
  return path.join(os.tmpdir(), 'pong-test-templates', `pglite-${templatesKey()}`);
}

let pgliteTemplate: Promise<string> | undefined;

/** The migrated PGlite data folder (`pgdata`), made once on this machine and kept for later runs. */
export function migratedPgliteTemplate(): Promise<string> {
  pgliteTemplate ??= (async () => {
    const finalDir = pgliteTemplateDir();
    const pgdata = path.join(finalDir, 'pgdata');
    if (existsSync(pgdata)) return pgdata;
    await mkdir(path.dirname(finalDir), { recursive: true });
    // Built aside and renamed into place, so a process that sees the folder sees it whole.
    const building = await mkdtemp(`${finalDir}.building-`);
    const opened = await openDatabase({ dataDir: building });
    await opened.close();
    try {
      await rename(building, finalDir);
    } catch (error) {
      // Another process put its template there first: use that one.
      if (!existsSync(pgdata)) throw error;
      await rm(building, { recursive: true, force: true });
    }
    return pgdata;
  })();
  pgliteTemplate.catch(() => {
    pgliteTemplate = undefined;
  });
  return pgliteTemplate;
}

/** Puts a migrated PGlite into `<dataDir>/pgdata`, where the product opens it, unless one is there. */
export async function seedMigratedPglite(dataDir: string): Promise<void> {
  const target = path.join(dataDir, 'pgdata');
  if (existsSync(target)) return;
  await mkdir(dataDir, { recursive: true });
  await cp(await migratedPgliteTemplate(), target, { recursive: true });
}

const pgTemplates = new Map<string, Promise<string>>();

/**
 * The name of the migrated template database on the server behind `admin` (connected to the maintenance
 * database), made once per server and migrations and kept for later runs.
 */
export function migratedPostgresTemplate(serverUrl: string, admin: AdminQuery): Promise<string> {
  const url = new URL(serverUrl);
  const id = `${url.host}`;
  let made = pgTemplates.get(id);
  if (!made) {
    made = makePostgresTemplate(serverUrl, admin);
    made.catch(() => pgTemplates.delete(id));
    pgTemplates.set(id, made);
  }
  return made;
}

export type AdminQuery = (sql: string, params?: unknown[]) => Promise<pg.QueryResult>;

async function makePostgresTemplate(serverUrl: string, admin: AdminQuery): Promise<string> {
  const name = `pong_template_${templatesKey()}`;
  const exists = await admin('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount) return name;
  const building = `${name}_building_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE "${building}"`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${building}`;
    const scratch = await mkdtemp(path.join(os.tmpdir(), 'pong-template-'));
    const opened = await openDatabase({ databaseUrl: url.toString(), dataDir: scratch });
    await opened.close();
    await rm(scratch, { recursive: true, force: true });
    // Renamed when whole, so no test copies a half-migrated template.
    await retryWhileInUse(() => admin(`ALTER DATABASE "${building}" RENAME TO "${name}"`));
  } catch (error) {
    await admin(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`).catch(() => {});
    // Another process made the same template first: use that one.
    if ((await admin('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount) return name;
    throw error;
  }
  return name;
}

/** The pool's last connections end a moment after it is closed; until then PostgreSQL refuses to copy. */
export async function retryWhileInUse<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const inUse = (error as { code?: string }).code === '55006';
      if (!inUse || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
