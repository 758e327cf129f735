/**
 * The folder-level cycle rule of `npm run deps` (scripts/check-boundaries.ts): src/server's top-level folders
 * (and its top-level files, each a unit of its own: config.ts, main.ts...) must import one another in one
 * direction only. dependency-cruiser's `no-circular` sees modules; two folders can import each other through
 * files that never form a module cycle, and then neither can be understood, tested or moved without the other.
 *
 * Product code only: a test or a test helper may assemble several layers. Type-only imports are exempt: a
 * port is declared by the layer that needs it and implemented, by type, in a layer above (game-ports.ts).
 */

export interface ModuleImport {
  /** The importing module, relative to the repository (`src/server/admin/x.ts`). */
  from: string;
  /** The imported module, resolved the same way. */
  to: string;
  /** `import type` (or every name type-only): erased at run time. */
  typeOnly: boolean;
}

export interface FolderCycle {
  /** The units in the cycle, sorted. */
  units: string[];
  /** Every runtime import between two of those units, `from -> to`, sorted: what to cut. */
  imports: string[];
}

const SERVER = 'src/server/';
const TEST_CODE = /(\.test\.tsx?$|\/test-support\/)/;

/** The unit a module belongs to: its top-level folder under src/server, or its own file name there. */
export function unitOf(module: string): string | undefined {
  if (!module.startsWith(SERVER)) return undefined;
  const rest = module.slice(SERVER.length);
  const slash = rest.indexOf('/');
  return slash === -1 ? rest : rest.slice(0, slash);
}

/** The groups of units that reach one another through runtime imports of product code (Tarjan's SCCs). */
export function folderCycles(imports: readonly ModuleImport[]): FolderCycle[] {
  const edges = new Map<string, Set<string>>();
  const evidence = new Map<string, string[]>();
  for (const i of imports) {
    if (i.typeOnly || TEST_CODE.test(i.from)) continue;
    const [a, b] = [unitOf(i.from), unitOf(i.to)];
    if (!a || !b || a === b) continue;
    if (!edges.has(a)) edges.set(a, new Set());
    edges.get(a)?.add(b);
    const key = `${a}\n${b}`;
    evidence.set(key, [...(evidence.get(key) ?? []), `${i.from} -> ${i.to}`]);
  }

  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (unit: string) => {
    index.set(unit, index.size);
    low.set(unit, index.get(unit) ?? 0);
    stack.push(unit);
    onStack.add(unit);
    for (const next of edges.get(unit) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(unit, Math.min(low.get(unit) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(unit, Math.min(low.get(unit) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(unit) !== index.get(unit)) return;
    const component: string[] = [];
    for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
      onStack.delete(top);
      component.push(top);
      if (top === unit) break;
    }
    if (component.length > 1) components.push(component.sort());
  };
  for (const unit of [...edges.keys()].sort()) if (!index.has(unit)) visit(unit);

  return components
    .map((units) => ({
      units,
      imports: units.flatMap((a) => units.flatMap((b) => evidence.get(`${a}\n${b}`) ?? [])).sort(),
    }))
    .sort((x, y) => (x.units[0] ?? '').localeCompare(y.units[0] ?? ''));
}

/** What `npm run deps` prints for each cycle. */
export function describeFolderCycle(cycle: FolderCycle): string {
  return [
    `  error no-folder-cycle: ${cycle.units.join(', ')} import one another at run time; cut one of:`,
    ...cycle.imports.map((i) => `      ${i}`),
  ].join('\n');
}
