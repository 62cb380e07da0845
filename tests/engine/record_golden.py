"""Record the golden replays in tests/engine/golden/ (run after an intended rules change).

    .venv/bin/python -m tests.engine.record_golden

Each file holds a match's options, its full action list, the event types it produced and its
final state. tests/engine/test_golden.py replays them; a difference means the rules changed.
Read the diff of a re-recorded file before committing it.
"""

from __future__ import annotations

import json
from pathlib import Path

from games.engine import (
    Discard,
    MatchOptions,
    Play,
    Shuffle,
    action_to_dict,
    parse_card,
    parse_cards,
    replay,
)
from tests.engine.builders import cut_deck, deal_deck
from tests.engine.random_play import random_match

GOLDEN_DIR = Path(__file__).parent / "golden"

RANDOM_MATCHES = {
    "six_auto_single_game": (MatchOptions(match_target=1), 7),
    "five_auto_match_to_two": (MatchOptions(variant="five", match_target=2), 11),
    "six_manual_muggins_single_game": (
        MatchOptions(scoring="manual", muggins=True, match_target=1),
        3,
    ),
    "five_manual_single_game": (MatchOptions(variant="five", scoring="manual", match_target=1), 5),
}


def worked_example_actions() -> list:
    """The first worked example of the play as a whole hand: alice deals, bob is pone."""
    return [
        Shuffle(cut_deck(0)),
        Shuffle(deal_deck("6S 8S 9S 9H KC QC", "7D 9D TD JD 5C 4C", "2C")),
        Discard(1, parse_cards("KC QC")),
        Discard(0, parse_cards("5C 4C")),
        *[
            Play(seat, parse_card(card))
            for seat, card in [
                (1, "8S"),
                (0, "7D"),
                (1, "6S"),
                (0, "JD"),
                (1, "9S"),
                (0, "9D"),
                (1, "9H"),
                (0, "TD"),
            ]
        ],
    ]


def record(name: str, options: MatchOptions, actions: list) -> None:
    state, events = replay(options, actions)
    body = {
        "options": options.to_dict(),
        "actions": [action_to_dict(action) for action in actions],
        "event_types": [event.type for event in events],
        "final": state.to_dict(),
    }
    (GOLDEN_DIR / f"{name}.json").write_text(json.dumps(body, indent=1) + "\n")


def main() -> None:
    GOLDEN_DIR.mkdir(exist_ok=True)
    for name, (options, seed) in RANDOM_MATCHES.items():
        record(name, options, [step.action for step in random_match(options, seed)])
    record("worked_example_hand", MatchOptions(), worked_example_actions())


if __name__ == "__main__":
    main()
