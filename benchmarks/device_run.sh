#!/usr/bin/env bash
# The expert against hard at three players and in partnerships, on a many-core machine, in
# about five minutes: benchmarks/many_seat_strength.py with --workers and --record.
#
# Run from the repository root (Python 3.12, no network, no database):
#
#     PYTHONPATH=.devicelib bash benchmarks/device_run.sh
#
# Three-player games are about three times slower than partnership games, so they get the
# larger share: THREE_SECONDS for three players, then PARTNER_SECONDS for partnerships (both
# can be overridden from the environment, as can WORKERS and PYTHON). Each run stops itself
# after its --wall-minutes; `timeout` is the backstop (it signals the whole process group, pool
# workers included). --record appends and flushes one line per finished group, so whatever
# finished before a stop is kept. The records go to $OUT when it is set (the device machine's
# folder that comes back), else to benchmarks/records/, and the summaries of each file are
# printed at the end (pool them with earlier files by the same code digest with --summarize).
set -u

PYTHON=${PYTHON:-python3}
WORKERS=${WORKERS:-16}
THREE_SECONDS=${THREE_SECONDS:-180}
PARTNER_SECONDS=${PARTNER_SECONDS:-105}
SEED_THREE=${SEED_THREE:-$((1000 + RANDOM % 9000))}
SEED_PARTNERS=${SEED_PARTNERS:-$((1000 + RANDOM % 9000))}
RECORDS=${OUT:-benchmarks/records}
STAMP=$(date -u +%Y-%m-%dT%H%M)
THREE_FILE="$RECORDS/many_seat_three_expert_hard_$STAMP.jsonl"
PARTNER_FILE="$RECORDS/many_seat_partners_expert_hard_$STAMP.jsonl"
mkdir -p "$RECORDS"

echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $($PYTHON --version)"
echo "three players: seed $SEED_THREE, ${THREE_SECONDS}s; partnerships: seed $SEED_PARTNERS, ${PARTNER_SECONDS}s"

run_table() {
    local players=$1 seconds=$2 seed=$3 file=$4
    # Stop taking new groups 20 s before the hard limit, so the run ends itself and prints its
    # decision times; the hard limit then only catches a run that hangs.
    local minutes
    minutes=$($PYTHON -c "print(max($seconds - 20, 10) / 60)")
    timeout --kill-after=10 "$seconds" "$PYTHON" benchmarks/many_seat_strength.py expert hard \
        --players "$players" --games 1000000 --seed "$seed" --workers "$WORKERS" \
        --record "$file" --wall-minutes "$minutes"
    echo "(exit status $?; $(wc -l <"$file" 2>/dev/null || echo 0) groups recorded in $file)"
}

run_table 3 "$THREE_SECONDS" "$SEED_THREE" "$THREE_FILE"
run_table 4 "$PARTNER_SECONDS" "$SEED_PARTNERS" "$PARTNER_FILE"

echo
echo "summary of this run's records:"
for file in "$THREE_FILE" "$PARTNER_FILE"; do
    if [ -s "$file" ]; then
        "$PYTHON" benchmarks/many_seat_strength.py --summarize "$file"
    fi
done
