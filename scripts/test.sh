#!/usr/bin/env bash
# The whole test suite, set up and torn down by itself (`deno task test [FILES…] [-- deno flags]`).
#
# 1. Installs what the tests need and the machine lacks, from Debian (`apt-get update` once first):
#    chromium (browser tests), redis-server and postgresql (portfolio store and queue tests),
#    libxml2-utils (xmllint, schema checks). Without root or apt it stops with a sentence saying
#    what to install: it never passes by skipping.
# 2. Starts a throwaway Redis and PostgreSQL on free loopback ports, in a private folder.
# 3. Runs `deno test -A --parallel` (tests/ unless files are named) with a private store
#    (THRESHOLD_HOME) and a private temporary folder (TMPDIR).
# 4. Stops both servers and removes the folder when the tests end: passed, failed or interrupted.
# Two runs at once do not collide: each has its own ports and folders.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

say() { echo "test: $*" >&2; }

# Packages: command to look for -> Debian package.
need=()
[ -x "${CHROMIUM:-/usr/bin/chromium}" ] || need+=(chromium)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
command -v xmllint >/dev/null 2>&1 || need+=(libxml2-utils)
if [ ${#need[@]} -gt 0 ]; then
  sudo_=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo_="sudo -n"; fi
  fi
  if ! command -v apt-get >/dev/null 2>&1 || { [ "$(id -u)" -ne 0 ] && [ -z "$sudo_" ]; }; then
    say "the tests need ${need[*]}, and this machine cannot install them (no apt-get, or not root and no sudo)."
    say "Install them (Debian/Ubuntu: sudo apt-get install -y ${need[*]}) and run again."
    echo "FAILED | 0 passed | 1 failed (set-up)"
    exit 1
  fi
  say "installing ${need[*]} from Debian (once; apt-get update first)"
  if ! { $sudo_ apt-get update -qq >/dev/null &&
    DEBIAN_FRONTEND=noninteractive $sudo_ apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null; }; then
    say "apt-get could not install ${need[*]}; install them by hand and run again."
    echo "FAILED | 0 passed | 1 failed (set-up)"
    exit 1
  fi
fi

# A private folder for this run: the services, the store, temporary files.
work=$(mktemp -d "${TMPDIR:-/tmp}/threshold-test.XXXXXX")
chmod 755 "$work"
# shellcheck source=services.sh
. scripts/services.sh
cleanup() {
  trap - EXIT INT TERM HUP
  if [ -n "${child:-}" ]; then kill -TERM "$child" 2>/dev/null && wait "$child" 2>/dev/null; fi
  services_stop
  rm -rf "$work"
}
trap cleanup EXIT
trap 'say "interrupted: stopping the services"; exit 130' INT TERM HUP

if ! SERVICES_PARENT="$work" services_start; then
  say "could not start redis-server and PostgreSQL on loopback (see above)"
  echo "FAILED | 0 passed | 1 failed (set-up)"
  exit 1
fi
# Should this script be killed outright, a detached watcher still stops both and removes $work.
services_reap_after $$ "$work"

mkdir -p "$work/home" "$work/tmp" "$work/cache"
# THRESHOLD_TEST_CACHE: detections shared by this run's test processes (tests/_run_cache.ts).
export THRESHOLD_HOME="$work/home" TMPDIR="$work/tmp" THRESHOLD_TEST_CACHE="$work/cache" \
  NO_COLOR="${NO_COLOR:-1}"
# npm's own cache and the deno cache stay where they are (shared, read mostly).

DENO=$(command -v deno || echo "npx -y deno@2")
# Every npm package deno.json pins, in Deno's cache before any test runs (what `deno install`
# does; no node_modules folder is made): the detector's tfjs and its dependency core-js are
# otherwise fetched only when a test first loads them, and tests/npm_scripts_test.ts reads the
# cache for the packages with lifecycle scripts.
$DENO install >/dev/null 2>&1 || say "deno install could not fetch the npm packages deno.json pins (see \`deno install\`)"
# The MCP Inspector test runs the package through npx: fetch it into npm's cache once, quietly.
npx -y @modelcontextprotocol/inspector@2.12.0 --help >/dev/null 2>&1 || true

files=()
flags=()
for a in "$@"; do
  case "$a" in
  -*) flags+=("$a") ;;
  *) files+=("$a") ;;
  esac
done
# The whole suite: the longest files first (by their times in a CI run), then the rest of tests/
# in deno's order (a file named twice runs once), so that no long file starts last and ends the
# run late while the other job is idle. eval_zind computes the ZInD detections that the later
# eval_panorama and honest_verdicts read from the run's cache.
slow=(
  tests/engines/vision/eval_zind_test.ts tests/e2e/web_browser_test.ts tests/mcp_test.ts
  tests/e2e/cli_test.ts tests/e2e/bcf_cli_test.ts tests/e2e/widths_test.ts
  tests/batch/queue_test.ts tests/tools/room_labels_zind_golden_test.ts tests/cli/format_test.ts
  tests/web/handoff_test.ts tests/core/result_check_test.ts tests/batch/run_test.ts
  tests/mcp/inspector_test.ts tests/e2e/web_panoramas_test.ts tests/e2e/robust_cli_test.ts
  tests/web/server_test.ts
)
if [ ${#files[@]} -eq 0 ]; then
  for f in "${slow[@]}"; do [ -f "$f" ] && files+=("$f"); done
  files+=(tests/)
fi
start=$(date +%s)
# shellcheck disable=SC2086
$DENO test -A --parallel "${flags[@]}" "${files[@]}" &
child=$!
wait "$child"
rc=$?
child=
say "finished in $(($(date +%s) - start)) s (exit $rc); services stopped, $work removed"
exit "$rc"
