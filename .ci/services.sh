#!/usr/bin/env bash
# Kept for callers that source it from here; the functions live in scripts/services.sh.
# shellcheck source=../scripts/services.sh
. "$(dirname "${BASH_SOURCE[0]}")/../scripts/services.sh"
