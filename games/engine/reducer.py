"""The client-side mirror: apply one event (as a viewer receives it) to that viewer's view.

This is the reference for the browser's reducer. It only *sets* values the events carry (the
absolute scores, the next seat, the count) and never re-derives a rule, except for the
``legal`` block, which it recomputes with the same :func:`games.engine.views.with_legal` the
server uses, and how many cards a discard moves to the crib, which the view's options decide
(:meth:`MatchOptions.cards_thrown`, :attr:`MatchOptions.crib_from_deck`). Tests prove that folding a step's events over the old view gives the new view.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from games.engine.options import MatchOptions
from games.engine.views import with_legal

View = dict[str, Any]


def reduce_view(view: View, event: dict[str, Any]) -> View:
    """A new view with ``event`` (``{"type", "data"}``) applied; ``view`` is not changed.

    Unknown event types (the server's own, like ``player_joined``) leave the view as it was.
    """
    handler = HANDLERS.get(event["type"])
    if handler is None:
        return view
    new = copy.deepcopy(view)
    handler(new, event["data"])
    return with_legal(new)


def _set_scores(view: View, data: dict[str, Any]) -> None:
    if "scores" in data:
        view["scores"] = list(data["scores"])
    if "rear" in data:
        view["rear"] = list(data["rear"])


def _cut_for_deal(view: View, data: dict[str, Any]) -> None:
    view["cuts"] = list(data["cuts"])
    if data["dealer"] is not None:
        view["dealer"] = data["dealer"]
        view["phase"] = "deal"


def _hand_started(view: View, data: dict[str, Any]) -> None:
    seats = len(view["seats"])
    view.update(
        phase="discard",
        game=data["game"],
        hand=data["hand"],
        dealer=data["dealer"],
        held_counts=[
            data.get("dealer_hand_size", data["hand_size"])
            if seat == data["dealer"]
            else data["hand_size"]
            for seat in view["seats"]
        ],
        discarded=[False] * seats,
        crib_count=_options(view).crib_from_deck,
        starter=None,
        count=0,
        series=[],
        played=[],
        turn=None,
        go=[False] * seats,
        pending_claim=None,
        shown=[],
        game_result=None,
    )
    if view["viewer"] is not None:
        view["cards"] = list(data.get("cards", []))
        view["thrown"] = []
    _set_scores(view, data)


def _options(view: View) -> MatchOptions:
    return MatchOptions.from_dict(view["options"])


def _discarded(view: View, data: dict[str, Any]) -> None:
    seat = data["seat"]
    thrown = _options(view).cards_thrown(dealer=seat == view["dealer"])
    view["held_counts"][seat] -= thrown
    view["discarded"][seat] = True
    view["crib_count"] += thrown
    if seat == view["viewer"]:
        # Only the thrower's copy of the event carries the cards (its private part).
        view["thrown"] = list(data["cards"])
        gone = set(data["cards"])
        view["cards"] = [card for card in view["cards"] if card not in gone]


def _starter_cut(view: View, data: dict[str, Any]) -> None:
    view["starter"] = data["card"]
    view["phase"] = "play"
    view["turn"] = data["next"]
    view["pending_claim"] = data["claim"]
    _set_scores(view, data)


def _card_played(view: View, data: dict[str, Any]) -> None:
    seat, card = data["seat"], data["card"]
    if seat == view["viewer"]:
        view["cards"] = [held for held in view["cards"] if held != card]
    view["held_counts"][seat] -= 1
    view["count"] = data["count"]
    view["series"].append([seat, card])
    view["played"].append([seat, card])
    view["turn"] = data["next"]
    view["pending_claim"] = data["claim"]
    _set_scores(view, data)


def _go(view: View, data: dict[str, Any]) -> None:
    view["go"][data["seat"]] = True


def _count_reset(view: View, data: dict[str, Any]) -> None:
    view["count"] = 0
    view["series"] = []
    view["go"] = [False] * len(view["seats"])
    view["turn"] = data["next"]


def _hand_shown(view: View, data: dict[str, Any]) -> None:
    view["phase"] = "show"
    view["turn"] = None
    view["shown"].append(
        {
            "seat": data["seat"],
            "kind": data["kind"],
            "cards": list(data["cards"]),
            "items": data.get("items"),
            "total": data.get("total"),
        }
    )
    view["pending_claim"] = data["claim"]
    _set_scores(view, data)


def _claim_made(view: View, data: dict[str, Any]) -> None:
    view["pending_claim"] = None
    view["turn"] = data["next"]
    if data["muggins"] is not None:
        view["muggins"] = {
            "seat": data["muggins"],
            "claimant": data["seat"],
            "subject": data["subject"],
            "claimed": data["claimed"],
            "cards": list(data["cards"]),
            "starter": data["starter"],
        }
    _set_scores(view, data)


def _score_revealed(view: View, data: dict[str, Any]) -> None:
    view["muggins"] = None
    _set_scores(view, data)  # an over-claim found out is taken back
    if data["subject"] in ("hand", "crib"):
        for shown in reversed(view["shown"]):
            if shown["seat"] == data["seat"] and shown["kind"] == data["subject"]:
                shown["items"] = data["items"]
                shown["total"] = data["actual"]
                break


def _hand_ended(view: View, data: dict[str, Any]) -> None:
    view["phase"] = "deal"
    view["turn"] = None


def _game_ended(view: View, data: dict[str, Any]) -> None:
    view["phase"] = "deal"
    view["turn"] = None
    view["pending_claim"] = None
    view["muggins"] = None
    view["match_scores"] = list(data["match_scores"])
    view["game_result"] = {
        "winner": data["winner"],
        "scores": list(data["scores"]),
        "skunk": data["skunk"],
        "match_points": data["match_points"],
    }


def _match_ended(view: View, data: dict[str, Any]) -> None:
    view.update(
        phase="match_over",
        turn=None,
        pending_claim=None,
        muggins=None,
        winner=data["winner"],
        end_reason=data["reason"],
        match_scores=list(data["match_scores"]),
    )


def _clock_changed(view: View, data: dict[str, Any]) -> None:
    """The server's clock, as it is after the change (the engine keeps no clock)."""
    view["clock"] = copy.deepcopy(data["clock"])


HANDLERS: dict[str, Callable[[View, dict[str, Any]], None]] = {
    "match_started": lambda view, data: None,
    "cut_for_deal": _cut_for_deal,
    "hand_started": _hand_started,
    "points_awarded": _set_scores,
    "discarded": _discarded,
    "starter_cut": _starter_cut,
    "card_played": _card_played,
    "go": _go,
    "go_scored": _set_scores,
    "count_reset": _count_reset,
    "hand_shown": _hand_shown,
    "claim_made": _claim_made,
    "muggins_called": _set_scores,
    "score_revealed": _score_revealed,
    "hand_ended": _hand_ended,
    "game_ended": _game_ended,
    "match_ended": _match_ended,
    "clock_changed": _clock_changed,
}
