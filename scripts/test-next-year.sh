#!/usr/bin/env bash
# The suite keeps passing when the machine's date moves on. Runs the tests (all of them, or
# the vitest arguments given) with every clock a year ahead: Node, the embedded PGlite and Chromium under
# libfaketime, and a throwaway PostgreSQL server started under the same faketime, since the usual server
# is another process and keeps the real date.
#   scripts/test-next-year.sh                                  # the whole suite (vitest run)
#   scripts/test-next-year.sh src/server/ledger src/server/db  # some files or folders
# Needs faketime and PostgreSQL's server binaries (initdb, pg_ctl); as root, the server runs as `postgres`.
# OFFSET (default +365d, faketime's syntax) and PORT (default 5544) can be set in the environment.
set -euo pipefail
cd "$(dirname "$0")/.."

OFFSET="${OFFSET:-+365d}"
PORT="${PORT:-5544}"
command -v faketime >/dev/null || { echo "faketime is not installed (apt-get install faketime)" >&2; exit 2; }
PG_BIN="$(dirname "$(ls /usr/lib/postgresql/*/bin/pg_ctl 2>/dev/null | sort -V | tail -n 1)")"
[ -x "$PG_BIN/pg_ctl" ] || { echo "PostgreSQL's server binaries are not installed" >&2; exit 2; }

WORK="$(mktemp -d /tmp/pong-next-year.XXXXXX)"
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$WORK"
stop() {
  as_pg "$PG_BIN/pg_ctl" -D "$WORK/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap stop EXIT

echo "== PostgreSQL on port $PORT, its clock at $OFFSET"
as_pg "$PG_BIN/initdb" -D "$WORK/data" -U postgres -A trust >/dev/null
# libfaketime preloaded by hand: the `faketime` wrapper would wait for the server it started, forever.
LIBFAKETIME="$(ls /usr/lib/*/faketime/libfaketime.so.1 /usr/lib/faketime/libfaketime.so.1 2>/dev/null | head -n 1 || true)"
[ -f "$LIBFAKETIME" ] || { echo "libfaketime.so.1 not found" >&2; exit 2; }
as_pg env LD_PRELOAD="$LIBFAKETIME" FAKETIME="$OFFSET" "$PG_BIN/pg_ctl" -D "$WORK/data" \
  -l "$WORK/postgres.log" -w -o "-p $PORT -k $WORK -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/test"
echo "machine date: $(date -u +%FT%TZ); under faketime: $(faketime -f "$OFFSET" date -u +%FT%TZ);" \
  "database now(): $(psql -h 127.0.0.1 -p "$PORT" -U postgres -Atc 'SELECT now()' postgres)"

echo "== vitest run $* (clock at $OFFSET)"
faketime -f "$OFFSET" npx vitest run "$@"
