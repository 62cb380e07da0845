#!/usr/bin/env bash
# What an edge is worth in wins at three and four: hard against hard on the same deals, the
# first level's seats starting HEAD points up, for a few head starts, on a many-core machine in
# about six minutes (benchmarks/many_seat_strength.py --head-start, --workers, --record).
#
# Run from the repository root (Python 3.11+, no network, no database):
#
#     bash benchmarks/head_start_run.sh
#
# With the same level in every seat the duplicate groups are exactly fair (a third, a half), so
# whatever a head start wins is the head start's alone. Each run prints the hands a game and
# the head start spread over them (points a hand), which puts the goals (38% at three,
# 54% in partnerships, the expert against hard) on the same scale as benchmarks/many_seat_hands.py's
# points a hand. Then hard against easy (random throws and plays) on each table: the whole gap
# between a random player and a sensible one, in wins. Each run stops itself after SECONDS_EACH
# (`timeout` is the backstop); --record appends one line a group, to $OUT when it is set.
set -u

PYTHON=${PYTHON:-python3}
WORKERS=${WORKERS:-16}
SECONDS_EACH=${SECONDS_EACH:-25}
HEADS=${HEADS:-"1 2 3 4 6 8"}
SEED=${SEED:-1}
RECORDS=${OUT:-benchmarks/records}
STAMP=$(date -u +%Y-%m-%dT%H%M)
mkdir -p "$RECORDS"
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $($PYTHON --version)"

run() {
    local players=$1 first=$2 second=$3 head=$4 file=$5
    local minutes
    minutes=$($PYTHON -c "print($SECONDS_EACH / 60)")
    timeout --kill-after=10 $((SECONDS_EACH + 30)) "$PYTHON" benchmarks/many_seat_strength.py \
        "$first" "$second" --players "$players" --games 1000000 --seed "$SEED" \
        --workers "$WORKERS" --head-start "$head" --record "$file" --wall-minutes "$minutes" |
        grep -v "goal (expert against hard)"
}

for players in 3 4; do
    for head in $HEADS; do
        echo "== $players players, hard against hard, head start $head"
        run "$players" hard hard "$head" "$RECORDS/head_start_${players}_$STAMP.jsonl"
    done
    echo "== $players players, hard against easy"
    run "$players" hard easy 0 "$RECORDS/hard_easy_${players}_$STAMP.jsonl"
done
