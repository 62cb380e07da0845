"""The replay's timeline: every step of a finished match with everything face up.

Built by replaying the engine over the match's action log (``games.rules.match_replay``'s
replayer, under the match's own rules version), one step per action, and one per hand laid
open in an automatic show, so the shows step in the order they are counted (pone, dealer,
crib). Each step carries a full-information snapshot (both hands, the crib, the starter, the
pile and count, the scores) and the events it produced with every seat's private part merged:
only a finished match is ever given to this module (review.access), when nothing is hidden.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games import engine
from games.engine.state import PLAY_FIELDS, STANDING_FIELDS

# The shape of the steps below: stored timelines of an older version are rebuilt (review.stored).
TIMELINE_VERSION = 3  # 2: steps carry the clocks of timed matches; 3: and their action's index

# What each action is called on the timeline.
ACTION_KINDS = {
    "shuffle": "deal",
    "discard": "discard",
    "play": "play",
    "claim": "claim",
    "muggins": "muggins",
    "muggins_pass": "pass",  # a turn-based match's answer to a Muggins window (docs/engine.md)
    "resign": "resign",
}


def _full_event(event: engine.Event) -> dict[str, Any]:
    data = dict(event.data)
    for part in event.private.values():
        for key, value in part.items():
            if key == "cards" and event.type == "hand_started":
                continue  # each seat's dealt cards are in the snapshot, not one merged list
            data[key] = value
    if event.type == "hand_started":
        data["dealt"] = {str(seat): part.get("cards", []) for seat, part in event.private.items()}
    return {"type": event.type, "data": data}


# The state's fields a step shows as they are (everything is face up in a finished match),
# in the state's one JSON form; the step adds the crib and the hands laid open so far.
# said_go: whether each seat has said go in this series, so a play sent to the analysis board
# says whether the opponent can still lay a card (the review's grade knew it).
SNAPSHOT_FIELDS = (*STANDING_FIELDS, "held", "kept", *PLAY_FIELDS, "said_go", "winner")


def _snapshot(state: engine.MatchState, shown: int | None = None) -> dict[str, Any]:
    """The table at a step, face up. ``shown``: how many of the hand's shows are laid open."""
    laid = state.shown if shown is None else state.shown[:shown]
    snapshot = engine.state_json(state, SNAPSHOT_FIELDS)
    snapshot["crib"] = engine.cards_json(state.crib)
    snapshot["shown"] = [hand.to_dict() for hand in laid]
    return snapshot


def _groups(events: list[engine.Event]) -> list[list[engine.Event]]:
    """An action's events, split so each hand laid open in the show starts a step of its own."""
    groups: list[list[engine.Event]] = [[]]
    for event in events:
        if event.type == "hand_shown" and groups[-1]:
            groups.append([])
        groups[-1].append(event)
    return groups


def _scores_from(events: list[engine.Event]) -> tuple[list[int], list[int]] | None:
    for event in reversed(events):
        if "scores" in event.data and "rear" in event.data:
            return list(event.data["scores"]), list(event.data["rear"])
    return None


def timeline_build(
    *,
    options: engine.MatchOptions,
    actions: Sequence[engine.Action],
    clocks: Sequence[list[int] | None] | None = None,
) -> dict[str, Any]:
    """The steps and the hands of a match: ``{"steps": [...], "hands": [...]}``.

    A step: ``{"kind", "seat", "hand", "play", "events", "state"}``; ``hand`` is the 0-based
    hand (the analysis' numbering), ``play`` the 0-based index of the card among the hand's
    plays (a play step only). A hand: ``{"hand", "game", "dealer", "step", "scores_before"}``,
    ``step`` being its deal. The caller checks the match's rules version is this engine's.

    ``clocks``: a timed match's clocks, one entry per action (each seat's milliseconds left
    once it was applied, or None where unknown); each step of a timed match then carries its
    action's as ``clock``. The engine keeps no clock: they come from the server's log.
    """
    state = engine.new_match(options)
    steps: list[dict[str, Any]] = [
        {
            "kind": "start",
            "seat": None,
            "hand": 0,
            "play": None,
            "events": [],
            "state": _snapshot(state),
        }
    ]
    hands: list[dict[str, Any]] = []
    hand = -1
    for index, action in enumerate(actions):
        clock = None if clocks is None else clocks[index]
        data = engine.action_to_dict(action)
        kind = ACTION_KINDS.get(data["type"], data["type"])
        play = len(state.played) if kind == "play" else None
        before_scores = list(state.scores)
        state, events = engine.apply(state, action)
        laid = len(state.shown) - sum(1 for event in events if event.type == "hand_shown")
        groups = _groups(events)
        for number, group in enumerate(groups):
            for event in group:
                if event.type == "hand_started":
                    hand += 1
                    hands.append(
                        {
                            "hand": hand,
                            "game": event.data["game"],
                            "dealer": event.data["dealer"],
                            "step": len(steps),
                            "scores_before": list(event.data.get("scores", before_scores)),
                        }
                    )
                if event.type == "hand_shown":
                    laid += 1
            snapshot = _snapshot(state, laid if laid < len(state.shown) else None)
            scores = _scores_from(group)
            if scores is not None and number < len(groups) - 1:
                snapshot["scores"], snapshot["rear"] = scores
            step_clock = {"clock": list(clock)} if clock is not None else {}
            steps.append(
                {
                    **step_clock,
                    "action": index,
                    "kind": kind if number == 0 else "show",
                    "seat": data.get("seat") if number == 0 else group[0].data.get("seat"),
                    "hand": max(hand, 0),
                    "play": play if number == 0 else None,
                    "events": [_full_event(event) for event in group],
                    "state": snapshot,
                }
            )
    return {"steps": steps, "hands": hands}


def timeline_compact(timeline: dict[str, Any]) -> dict[str, Any]:
    """The timeline for the page: each step's ``state`` holds only the fields that changed since
    the step before (the page rebuilds the rest: static/js/review/steps.js, ``expandSteps``).

    A step changes a few fields (a card played moves ``held``, ``played``, ``count``...), so
    this is about a third smaller than every full snapshot.
    """
    previous: dict[str, Any] = {}
    steps = []
    for step in timeline["steps"]:
        state = step["state"]
        changed = {k: v for k, v in state.items() if k not in previous or previous[k] != v}
        steps.append({**step, "state": changed})
        previous = state
    return {**timeline, "steps": steps}
