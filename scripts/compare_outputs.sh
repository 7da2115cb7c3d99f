#!/usr/bin/env bash
# Every output threshold's command line gives on the sample buildings, written to a folder, so a
# refactor can be checked to change none of them (issue 22 "done when": outputs identical before
# and after, compared as text).
#
#   scripts/compare_outputs.sh OUT_DIR [SRC_DIR]
#
# SRC_DIR is the checkout whose code runs (default: this script's checkout); for a baseline from
# main without a worktree: `git archive main | tar -x -C /tmp/src` and pass /tmp/src (its
# `../shared` must resolve, so put it beside this checkout, or set SHARED).
# Then: `diff -r BASE_DIR OUT_DIR`. The web view's pages: `deno run -A scripts/compare_web.ts OUT_DIR`.
#
# It imports the demo (built in), FZK-Haus and IfcOpenHouse (IFC), ZInD, both RoomPlan samples and
# the Matterport fixtures into a private THRESHOLD_HOME; dumps each plan (JSON and text); runs every
# tool on every scan (--json and the plain text form, with --set values for inputs that would be
# asked); and `ask --plan-only` on a few questions. Only what legitimately varies is stripped: run
# ids and timestamps.
set -u
OUT=${1:?usage: compare_outputs.sh OUT_DIR [SRC_DIR]}
SRC=${2:-$(cd "$(dirname "$0")/.." && pwd)}
SHARED=${SHARED:-$(cd "$(dirname "$0")/../.." && pwd)/shared}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
export THRESHOLD_HOME
THRESHOLD_HOME=$(mktemp -d)
export NO_COLOR=1
cd "$SRC" || exit 1

t() { deno run -A -q cli.ts "$@" 2>&1; echo "[exit $?]"; }

# Run ids look like `takeoff-mx509ppd-0e3he7a` (tool, base-36 time, random); ISO timestamps; the
# seconds a step took (`[0.02 s]`); the checkout's own path (fixtures' refs).
normalize() {
  sed -E \
    -e 's/^( *)\[[0-9]+\.[0-9]+ s\]/\1[T s]/' \
    -e 's#'"$SRC"'/#SRC/#g' \
    -e 's/\b([a-z_]+)-[0-9a-z]{8}-[0-9a-z]{5,12}\b/\1-RUNID/g' \
    -e 's/[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?Z?/TIMESTAMP/g' \
    -e 's#'"$THRESHOLD_HOME"'#HOME#g'
}

out() { normalize >"$OUT/$1"; }

declare -A FILES=(
  [fzk]="$SHARED/data/ifc/AC20-FZK-Haus.ifc"
  [openhouse]="$SHARED/data/ifc/IfcOpenHouse_IFC4.ifc"
  [zind]="$SHARED/data/zind/zind_data.json"
  [rp_single]="$SHARED/data/roomplan/open3dfloorplan-single-room.json"
  [rp_multi]="$SHARED/data/roomplan/open3dfloorplan-multiroom.json"
)
for f in "$SRC"/fixtures/matterport/*.json; do
  FILES[mp_$(basename "$f" .json | tr - _)]=$f
done

# A loaded machine must not end a slow run (room_labels' detector) at the time limit: that
# would be a difference of the machine, not of the code.
deno run -A -q cli.ts prefs set run.time_limit_s 1800 >/dev/null 2>&1

SCANS=(demo)
for id in $(printf '%s\n' "${!FILES[@]}" | sort); do
  t import "${FILES[$id]}" --id "$id" --json | out "import.$id.txt"
  if deno run -A -q cli.ts plan "$id" --json >/dev/null 2>&1; then SCANS+=("$id"); fi
done
# The listing's import times wrap across table lines: digits of its dates go.
t scans | sed -E 's/[0-9]{4}-[0-9]{2}-|[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9.]+Z/DATE/g' | out scans.txt

TOOLS=$(cd tools && ls -d [a-z]*/ | tr -d /)
for sid in "${SCANS[@]}"; do
  t plan "$sid" --json | out "plan.$sid.json"
  t plan "$sid" --ids | out "plan.$sid.txt"
  # A room to carry things to: the plan's last room (by id).
  room=$(deno run -A -q cli.ts plan "$sid" --json 2>/dev/null | jq -r '.rooms[-1].id // empty')
  for tool in $TOOLS; do
    case $tool in
      site_facts) sets=() ;;
      will_it_fit) sets=(--set item=sofa ${room:+--set "to=$room"}) ;;
      step_free_route | door_clearance) sets=(--set chair_width_m=0.76) ;;
      turning_space) sets=(--set turning_diameter_m=1.525) ;;
      code_check) sets=(--set pack=ada-2010) ;;
      *) sets=() ;;
    esac
    # A site tool takes a place (here the scan's own site), not a scan.
    on=(--scan "$sid")
    [ "$tool" = site_facts ] && on=(--place "$sid")
    t run "$tool" "${on[@]}" "${sets[@]}" --json | out "run.$sid.$tool.json"
    t run "$tool" "${on[@]}" "${sets[@]}" --format plain --all | out "run.$sid.$tool.txt"
  done
done

QUESTIONS=(
  "Can I get my wheelchair into the bathroom?"
  "Will a sofa fit into the living room?"
  "How much paint do I need for the bedroom?"
  "Are the ceilings high enough?"
  "Does it meet the ADA code?"
  "How many hours of sun does the kitchen get?"
)
for sid in demo fzk zind; do
  i=0
  for q in "${QUESTIONS[@]}"; do
    i=$((i + 1))
    t ask --plan-only --offline --scan "$sid" --json "$q" | out "ask.$sid.$i.json"
    t ask --plan-only --offline --scan "$sid" "$q" | out "ask.$sid.$i.txt"
  done
done
rm -rf "$THRESHOLD_HOME"
echo "$(ls "$OUT" | wc -l) outputs in $OUT"
