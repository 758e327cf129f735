import { describe, expect, it } from 'vitest';
import { describeFolderCycle, folderCycles, type ModuleImport, unitOf } from '../scripts/folder-cycles.ts';

const runtime = (from: string, to: string): ModuleImport => ({ from, to, typeOnly: false });

describe('the folder-level cycle rule of npm run deps', () => {
  it('counts a top-level folder of src/server, or a top-level file, as one unit', () => {
    expect(unitOf('src/server/admin/queries/flag-actions.ts')).toBe('admin');
    expect(unitOf('src/server/config.ts')).toBe('config.ts');
    expect(unitOf('src/common/rules.ts')).toBeUndefined();
    expect(unitOf('node_modules/zod/index.js')).toBeUndefined();
  });

  it('finds two folders importing each other through files that form no module cycle', () => {
    const cycles = folderCycles([
      runtime('src/server/admin/a.ts', 'src/server/cluster/b.ts'),
      runtime('src/server/cluster/c.ts', 'src/server/admin/d.ts'),
      runtime('src/server/admin/a.ts', 'src/server/db/schema.ts'),
    ]);
    expect(cycles).toEqual([
      {
        units: ['admin', 'cluster'],
        imports: [
          'src/server/admin/a.ts -> src/server/cluster/b.ts',
          'src/server/cluster/c.ts -> src/server/admin/d.ts',
        ],
      },
    ]);
    expect(describeFolderCycle(cycles[0]!)).toContain('no-folder-cycle: admin, cluster');
  });

  it('finds a cycle at any distance, top-level files included, and only its members', () => {
    const cycles = folderCycles([
      runtime('src/server/ledger/cli.ts', 'src/server/config.ts'),
      runtime('src/server/config.ts', 'src/server/config-variables.ts'),
      runtime('src/server/config-variables.ts', 'src/server/admin/totp.ts'),
      runtime('src/server/admin/held.ts', 'src/server/ledger/hold.ts'),
      runtime('src/server/main.ts', 'src/server/ledger/cli.ts'),
    ]);
    expect(cycles.map((c) => c.units)).toEqual([['admin', 'config-variables.ts', 'config.ts', 'ledger']]);
  });

  it('leaves out type-only imports, tests and test helpers, and imports within a folder', () => {
    expect(
      folderCycles([
        runtime('src/server/ledger/a.ts', 'src/server/game/b.ts'),
        { from: 'src/server/game/ports.ts', to: 'src/server/ledger/c.ts', typeOnly: true },
        runtime('src/server/game/x.test.ts', 'src/server/ledger/c.ts'),
        runtime('src/server/game/test-support/bed.ts', 'src/server/ledger/c.ts'),
        runtime('src/server/game/d.ts', 'src/server/game/e.ts'),
      ]),
    ).toEqual([]);
  });

  it('reports every separate cycle', () => {
    const cycles = folderCycles([
      runtime('src/server/a/1.ts', 'src/server/b/1.ts'),
      runtime('src/server/b/2.ts', 'src/server/a/2.ts'),
      runtime('src/server/c/1.ts', 'src/server/d/1.ts'),
      runtime('src/server/d/2.ts', 'src/server/c/2.ts'),
      runtime('src/server/b/3.ts', 'src/server/c/3.ts'),
    ]);
    expect(cycles.map((c) => c.units)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });
});
