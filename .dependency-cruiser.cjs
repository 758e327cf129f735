/**
 * The arrows allowed between the folders of src/ (docs: the layers), checked by `npm run deps` (part of
 * `npm test`). A rule names what a folder must not import; anything not named is allowed.
 *
 * Everywhere, tests included: `common` stands alone and nothing imports in a circle. The layer rules hold
 * for product code; so does the folder-level cycle rule (`no-folder-cycle`, scripts/folder-cycles.ts, run by
 * scripts/check-boundaries.ts beside these: src/server's top-level folders import one another one way only); a test (`*.test.ts`) or a test helper (`test-support/`) may assemble several layers to
 * check a whole flow, as an integration test does.
 */
const TEST_CODE = '(\\.test\\.tsx?$|/test-support/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Two modules that import each other (at any distance) are one module: merge them or split out what both need.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'common-imports-no-server-or-client',
      severity: 'error',
      comment: 'src/common is shared by the server and the browser: it imports neither.',
      from: { path: '^src/common/' },
      to: { path: '^src/(server|client)/' },
    },
    {
      name: 'client-imports-no-server',
      severity: 'error',
      comment: 'The browser bundle never carries server code; what both need lives in src/common.',
      from: { path: '^src/client/', pathNot: TEST_CODE },
      to: { path: '^src/server/' },
    },
    {
      name: 'client-state-imports-no-socket',
      severity: 'error',
      comment:
        'The reducer and its state are pure: the socket is driven by the controller (src/client/controller).',
      from: { path: '^src/client/state/', pathNot: TEST_CODE },
      to: { path: '^src/client/game-channel/' },
    },
    {
      name: 'game-imports-no-outer-layer',
      severity: 'error',
      comment:
        'The game layer declares ports (game-ports.ts) for what it needs; money, sockets, HTTP, the back-office and the topology implement them and are passed in at composition.',
      from: { path: '^src/server/game/', pathNot: TEST_CODE },
      to: { path: '^src/server/(ledger|gateway|http|admin|cluster)/' },
    },
    {
      name: 'game-match-is-pure',
      severity: 'error',
      comment:
        'game/match is the engine: rules of one match, no database, no sockets, no node state. It imports only common and the logger type; the node and the store use it, never the other way round.',
      from: { path: '^src/server/game/match/', pathNot: TEST_CODE },
      to: { path: '^src/server/', pathNot: '^src/server/(game/match/|logger\\.ts$)' },
    },
    {
      name: 'game-reaches-the-database-only-through-its-store',
      severity: 'error',
      comment:
        'game/store holds the GameStore interface and its one Drizzle implementation; the rest of the game asks the interface, so it imports nothing of db/, Drizzle or the database drivers.',
      from: { path: '^src/server/game/', pathNot: ['^src/server/game/store/', TEST_CODE] },
      to: {
        path: ['^src/server/db/', '(^|/)node_modules/(drizzle-orm|pg|@electric-sql/pglite)/'],
      },
    },
    {
      name: 'game-node-asks-the-store-only-through-its-interface',
      severity: 'error',
      comment:
        "game/node (the node's sessions and commands) asks the game store through its interface alone: store/game-store.ts declares GameStore and hands on the types and plain values the node writes (a challenge's row, a challenge code, a seed's hash, a settle scope). The Drizzle implementation, the row files and the recorder stay behind it, type imports included.",
      from: { path: '^src/server/game/node/', pathNot: TEST_CODE },
      to: { path: '^src/server/game/store/', pathNot: '^src/server/game/store/game-store\\.ts$' },
    },
    {
      name: 'game-asks-its-entry-gate-not-security-limits-or-tracking',
      severity: 'error',
      comment:
        "Bans, restricted jurisdictions and the player's own protection reach the game through its EntryGate port (game-ports.ts), built at composition (entry-gate.ts). The operations log is a service of its own (operations-log/), which every layer may use.",
      from: { path: '^src/server/game/', pathNot: TEST_CODE },
      to: {
        path: '^src/server/(security|limits|tracking)/',
      },
    },
    {
      name: 'ledger-imports-no-outer-layer',
      severity: 'error',
      comment:
        'Money knows nothing of sockets, HTTP, the back-office or the topology: what it must tell them goes through a port passed in at composition.',
      from: { path: '^src/server/ledger/', pathNot: TEST_CODE },
      to: { path: '^src/server/(gateway|http|admin|cluster)/' },
    },
    {
      name: 'security-imports-no-outer-layer',
      severity: 'error',
      comment:
        'Bans, limits and sessions are used by the gateway, HTTP and the chain watcher, never the other way round.',
      from: { path: '^src/server/security/', pathNot: TEST_CODE },
      to: { path: '^src/server/(chain|gateway|http|admin|cluster)/' },
    },
    {
      name: 'risk-imports-no-admin',
      severity: 'error',
      comment:
        'The risk pass raises flags and refreshes analytics through its ports (risk/risk-ports.ts), implemented by the back-office and passed in at composition: the back-office reads the risk pass, never the other way round.',
      from: { path: '^src/server/risk/', pathNot: TEST_CODE },
      to: { path: '^src/server/admin/' },
    },
    {
      name: 'admin-and-cluster-import-neither',
      severity: 'error',
      comment:
        'The back-office and the cluster topology meet only at composition: the login throttle comes with the topology (main.ts) and reaches admin as a LoginThrottle (security/), so neither folder imports the other.',
      from: { path: '^src/server/(admin|cluster)/', pathNot: TEST_CODE },
      to: { path: '^src/server/(admin|cluster)/', pathNot: '^src/server/$1/' },
    },
    {
      name: 'operations-log-imports-only-the-database',
      severity: 'error',
      comment:
        'The operations log (system events) is written by every layer, so it stands below them all: it knows the database and nothing else of the server.',
      from: { path: '^src/server/operations-log/', pathNot: TEST_CODE },
      to: { path: '^src/server/', pathNot: '^src/server/(operations-log|db)/' },
    },
    {
      name: 'game-and-money-start-no-http-server',
      severity: 'error',
      comment: 'Only the composition root (main.ts, http/, gateway/, admin/) makes a Fastify server.',
      from: { path: '^src/server/(game|ledger)/', pathNot: TEST_CODE },
      to: { path: '(^|/)node_modules/fastify/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
