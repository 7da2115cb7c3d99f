#!/usr/bin/env bash
# Throwaway Redis and PostgreSQL on loopback for the tests (shared/reference/services-notes.md).
# scripts/test.sh (`deno task test`) uses these; by hand:
#   source scripts/services.sh && services_start   # exports THRESHOLD_TEST_REDIS_URL, THRESHOLD_TEST_PG_URL
#   services_stop                                   # stops both, removes their folder
# SERVICES_PARENT (default $TMPDIR or /tmp) is where their folder is made.
# Installs redis-server / postgresql from Debian when missing (apt-get update once).

services_free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

services_install() {
  local missing=()
  command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
  if [ ${#missing[@]} -gt 0 ]; then
    echo "services: installing ${missing[*]}" >&2
    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

services_start() {
  services_install || { echo "services: could not install redis-server/postgresql" >&2; return 1; }
  SERVICES_DIR=$(mktemp -d "${SERVICES_PARENT:-${TMPDIR:-/tmp}}/services.XXXXXX")
  chmod 755 "$SERVICES_DIR"
  # Redis: no persistence needed by the start; tests that restart it keep their own data.
  local rport; rport=$(services_free_port)
  redis-server --port "$rport" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes \
    --pidfile "$SERVICES_DIR/redis.pid" --dir "$SERVICES_DIR" --logfile "$SERVICES_DIR/redis.log" >/dev/null
  SERVICES_REDIS_PORT=$rport
  for _ in $(seq 50); do redis-cli -p "$rport" ping >/dev/null 2>&1 && break; sleep 0.1; done
  redis-cli -p "$rport" ping >/dev/null 2>&1 || { echo "services: redis-server did not start (log: $SERVICES_DIR/redis.log)" >&2; return 1; }
  export THRESHOLD_TEST_REDIS_URL="redis://127.0.0.1:$rport"
  # PostgreSQL refuses root: run as the postgres user, in a folder it owns.
  local bin; bin=$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -n 1)")
  SERVICES_PG_BIN=$bin
  mkdir -p "$SERVICES_DIR/pg"
  [ "$(id -u)" = 0 ] && chown postgres "$SERVICES_DIR/pg"
  local pport; pport=$(services_free_port)
  local run=(); [ "$(id -u)" = 0 ] && run=(runuser -u postgres --)
  "${run[@]}" "$bin/initdb" -D "$SERVICES_DIR/pg/data" -A trust -U postgres -N >/dev/null
  "${run[@]}" "$bin/pg_ctl" -D "$SERVICES_DIR/pg/data" -w -l "$SERVICES_DIR/pg/log" \
    -o "-p $pport -k $SERVICES_DIR/pg -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null \
    || { echo "services: PostgreSQL did not start (log: $SERVICES_DIR/pg/log)" >&2; return 1; }
  export THRESHOLD_TEST_PG_URL="postgres://postgres@127.0.0.1:$pport/postgres"
  echo "services: redis on $rport, postgresql on $pport" >&2
}

services_stop() {
  [ -n "${SERVICES_DIR:-}" ] || return 0
  [ -n "${SERVICES_REDIS_PORT:-}" ] && redis-cli -p "$SERVICES_REDIS_PORT" shutdown nosave >/dev/null 2>&1
  local run=(); [ "$(id -u)" = 0 ] && run=(runuser -u postgres --)
  [ -d "$SERVICES_DIR/pg/data" ] && "${run[@]}" "$SERVICES_PG_BIN/pg_ctl" -D "$SERVICES_DIR/pg/data" -m fast -w stop >/dev/null 2>&1
  rm -rf "$SERVICES_DIR"
  SERVICES_DIR=
}

# Stops the services and removes DIR once process PID has gone, however it ended (even by
# SIGKILL, as `deno task` does to its children on Ctrl-C). The watcher is detached (double fork,
# own session) so that a signal to the test run's process group or tree does not reach it.
services_reap_after() {
  local pid=$1 dir=$2
  local pgrun=""; [ "$(id -u)" = 0 ] && pgrun="runuser -u postgres --"
  ( REAP_PID=$pid REAP_DIR=$dir REAP_REDIS=${SERVICES_REDIS_PORT:-} REAP_PGBIN=${SERVICES_PG_BIN:-} \
    REAP_PGDATA=${SERVICES_DIR:-/nonexistent}/pg/data REAP_PGRUN=$pgrun \
    setsid bash -c '
      while kill -0 "$REAP_PID" 2>/dev/null; do sleep 0.5; done
      [ -n "$REAP_REDIS" ] && redis-cli -p "$REAP_REDIS" shutdown nosave >/dev/null 2>&1
      [ -d "$REAP_PGDATA" ] && $REAP_PGRUN "$REAP_PGBIN/pg_ctl" -D "$REAP_PGDATA" -m fast -w stop >/dev/null 2>&1
      rm -rf "$REAP_DIR"
    ' </dev/null >/dev/null 2>&1 & )
}
