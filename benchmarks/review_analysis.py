"""How long the graded review of a whole match takes: cold, and as a stored read.

Plays ``--matches`` single-game 121-point matches between two hard computer opponents (fixed
seeds, so runs compare), then analyses each one *cold*: in a fresh Python process that has
imported the engine but analysed nothing (no search memo, nothing cached), timing only
``analyze_match``. It also times the second view the site serves, a read of the stored result
(``json.loads`` of the analysis, which is what the review app keeps once computed).

Prints the median and the maximum in milliseconds. The goal (issue 14): under 1 s cold on the
project machine.

    .venv/bin/python benchmarks/review_analysis.py [--matches 7] [--seed 1] [--variant six]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.engine import MatchOptions, action_from_dict, action_to_dict  # noqa: E402


def generate(options: MatchOptions, seed: int) -> list[dict]:
    """A hard-vs-hard match's action log, as stored (dicts)."""
    from tests.strategy.review.matches import bot_match

    return [action_to_dict(action) for action in bot_match(options, seed)]


def analyse_cold(path: Path) -> dict:
    """Run this script in a fresh process to analyse the match stored at ``path``."""
    output = subprocess.run(
        [sys.executable, __file__, "--one", str(path)],
        check=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
    ).stdout
    return json.loads(output)


def analyse_one(path: Path) -> None:
    """The child: load the log, time one analyze_match and one read of the stored result."""
    from games.strategy.review import analyze_match

    stored = json.loads(path.read_text())
    options = MatchOptions.from_dict(stored["options"])
    actions = [action_from_dict(action) for action in stored["actions"]]
    started = time.perf_counter()
    review = analyze_match(options, actions)
    cold = time.perf_counter() - started
    text = json.dumps(review)
    started = time.perf_counter()
    json.loads(text)
    read = time.perf_counter() - started
    hands = len(review["hands"])
    decisions = sum(p["discards"] + p["plays"] for p in review["players"].values())
    print(
        json.dumps(
            {"cold": cold, "read": read, "hands": hands, "decisions": decisions, "bytes": len(text)}
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", choices=("six", "five"), default="six")
    parser.add_argument("--one", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        analyse_one(args.one)
        return
    options = MatchOptions(variant=args.variant, match_target=1)
    runs = []
    with tempfile.TemporaryDirectory() as folder:
        for index in range(args.matches):
            path = Path(folder) / f"match{index}.json"
            actions = generate(options, args.seed + index)
            path.write_text(json.dumps({"options": options.to_dict(), "actions": actions}))
            runs.append(analyse_cold(path))
    cold = [run["cold"] * 1000 for run in runs]
    read = [run["read"] * 1000 for run in runs]
    hands = [run["hands"] for run in runs]
    decisions = [run["decisions"] for run in runs]
    size = [run["bytes"] for run in runs]
    print(f"{args.matches} {args.variant}-card matches, hard vs hard, seeds {args.seed}..")
    print(f"hands per match: median {statistics.median(hands)}, max {max(hands)}")
    print(
        f"graded decisions per match: median {statistics.median(decisions)}, max {max(decisions)}"
    )
    print("analysis cold, each match (ms):", " ".join(f"{value:.0f}" for value in cold))
    print(f"analysis cold: median {statistics.median(cold):.0f} ms, max {max(cold):.0f} ms")
    print(f"stored read:   median {statistics.median(read):.2f} ms, max {max(read):.2f} ms")
    print(f"stored size:   median {statistics.median(size) / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
