import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { type OpenedDatabase, openDatabase } from '../db/open-database.ts';
import { checkLedgerBalance } from '../ledger/reconcile/ledger-balance.ts';
import { reconcile, reconcileSummaryLine, recordReconciliation } from '../ledger/reconcile/reconcile.ts';
import { describeDifference } from '../ledger/reconcile/reconcile-differences.ts';
import {
  type ChainSource,
  houseAddress,
  openChainSource,
  ReconcileSetupError,
} from '../ledger/reconcile/reconcile-sources.ts';

/** Exit codes of `npm run reconcile`. */
export const RECONCILE_EXIT = { agree: 0, differences: 1, cannotRun: 2 } as const;

const USAGE = `Usage: npm run reconcile -- [--rpc-url <url>] [--funding-address <address>]...

Compares the ledger with the house wallet's transactions on chain and prints every difference.
Reads the server's environment (DATA_DIR, DATABASE_URL, SOLANA_RPC_URL, HOUSE_WALLET_KEYPAIR, PORT).
  --rpc-url <url>              the chain to read (default: SOLANA_RPC_URL, else the running server's
                               /rpc on PORT, else the local chain in DATA_DIR while the server is stopped)
  --funding-address <address>  incoming transfers from it need no ledger row (the house's treasury;
                               HOUSE_FUNDING_ADDRESSES are always counted as such)
Exit status: 0 no difference, 1 differences found, 2 could not run.`;

export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

const stdio: CliOutput = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** `npm run reconcile` as a function: prints the report and returns the exit code. */
export async function runReconcileCli(
  argv: string[],
  env: Record<string, string | undefined>,
  output: CliOutput = stdio,
): Promise<number> {
  let args: { 'rpc-url'?: string; 'funding-address'?: string[]; help?: boolean };
  try {
    ({ values: args } = parseArgs({
      args: argv,
      options: {
        'rpc-url': { type: 'string' },
        'funding-address': { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    output.err(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return RECONCILE_EXIT.cannotRun;
  }
  if (args.help) {
    output.out(USAGE);
    return RECONCILE_EXIT.agree;
  }

  let chain: ChainSource | undefined;
  let database: OpenedDatabase | undefined;
  try {
    const config = loadConfig(env);
    const house = await houseAddress(config);
    chain = await openChainSource(config, args['rpc-url']);
    if (chain.serverRunning && !config.databaseUrl) {
      throw new ReconcileSetupError(
        `the embedded database in ${config.dataDir} is open in the running server and PGlite has one process; stop the server first (reconcile then opens the database and the chain itself), or use DATABASE_URL`,
      );
    }
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      openedBy: 'reconcile',
    });
    const report = await reconcile({
      db: database.db,
      rpc: chain.rpc,
      houseWallet: house,
      fundingAddresses: [
        ...chain.fundingAddresses,
        ...config.houseFundingAddresses,
        ...(args['funding-address'] ?? []),
      ],
    });

    // The chain comparison, then the ledger's own arithmetic: every entry fee accounted for to the lamport.
    // A fee nothing accounts for at all is printed once, as the unaccounted payment it is.
    const unaccounted = new Set(
      report.differences.flatMap((d) =>
        d.kind === 'unaccounted-payment' && d.source === 'ledger' ? [d.entryTransactionId] : [],
      ),
    );
    for (const imbalance of await checkLedgerBalance(database.db)) {
      if (imbalance.kind === 'unbalanced-entry' && unaccounted.has(imbalance.entryId)) continue;
      report.differences.push({ kind: 'ledger-imbalance', imbalance });
    }
    output.out(`Reconciling house wallet ${house} against ${chain.description}`);
    for (const difference of report.differences) output.out(`DIFFERENCE ${describeDifference(difference)}`);
    output.out(reconcileSummaryLine(report));
    // The admin Overview's "last reconciliation".
    await recordReconciliation(database.db, report, house);
    return report.differences.length > 0 ? RECONCILE_EXIT.differences : RECONCILE_EXIT.agree;
  } catch (error) {
    const known = error instanceof ConfigError || error instanceof ReconcileSetupError;
    const message = error instanceof Error ? error.message : String(error);
    output.err(
      `reconcile could not run: ${known ? message : `${message}${error instanceof Error && error.stack ? `\n${error.stack}` : ''}`}`,
    );
    return RECONCILE_EXIT.cannotRun;
  } finally {
    await database?.close().catch(() => {});
    await chain?.close().catch(() => {});
  }
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(entry).href) {
  runReconcileCli(process.argv.slice(2), process.env).then((code) => {
    process.exitCode = code;
  });
}
