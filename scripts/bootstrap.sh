# Shared by scripts/run-site and scripts/run-tests: make .venv and install the project into it.
# Sourced, not run. Idempotent: a second run only checks that everything is installed.
set -euo pipefail

PROJECT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$PROJECT_DIR"
PYTHON="${PYTHON:-python3}"

if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    echo "Python 3.11 or newer is needed (found $("$PYTHON" --version 2>&1))." >&2
    exit 1
fi
if [ ! -x .venv/bin/python ]; then
    echo "Creating the virtual environment in .venv ..."
    "$PYTHON" -m venv .venv
fi
VENV_PYTHON="$PROJECT_DIR/.venv/bin/python"

install_project() {
    # $1: the extras to install, e.g. "" or "[dev]". A stamp file skips pip when nothing changed.
    local extras="$1"
    local stamp=".venv/.installed${extras}"
    if [ -f "$stamp" ] && [ "$stamp" -nt pyproject.toml ]; then
        return
    fi
    echo "Installing dependencies${extras:+ with $extras} ..."
    local log=".venv/pip.log"
    if ! { "$VENV_PYTHON" -m pip install --quiet --upgrade pip &&
        "$VENV_PYTHON" -m pip install --quiet ".${extras}"; } >"$log" 2>&1; then
        cat "$log" >&2
        echo "Installing the dependencies failed (log above, also in $log)." >&2
        exit 1
    fi
    touch "$stamp"
}
