"""The rules of Cribbage: pure, deterministic, standard library only.

Everything else on the site talks to the engine through the names re-exported here (see
docs/engine.md for the contract).
"""

from __future__ import annotations

from games.engine.actions import (
    Action,
    Claim,
    Discard,
    Muggins,
    MugginsPass,
    Play,
    Resign,
    Shuffle,
    action_from_dict,
    action_to_dict,
)
from games.engine.cards import Card, full_deck, parse_card, parse_cards
from games.engine.errors import IllegalAction
from games.engine.events import Event
from games.engine.flow import (
    apply,
    legal_actions,
    match_started_event,
    needs_shuffle,
    new_match,
    replay,
    seats_to_act,
    seats_waited_on,
    shuffled_deck,
)
from games.engine.options import MatchOptions, TimeControl
from games.engine.reducer import reduce_view
from games.engine.scoring import score_play, score_show, show_total
from games.engine.state import MatchState, cards_json, state_json
from games.engine.views import view

__all__ = [
    "Action",
    "Card",
    "Claim",
    "Discard",
    "Event",
    "IllegalAction",
    "MatchOptions",
    "TimeControl",
    "MatchState",
    "Muggins",
    "MugginsPass",
    "Play",
    "Resign",
    "Shuffle",
    "action_from_dict",
    "action_to_dict",
    "apply",
    "cards_json",
    "full_deck",
    "legal_actions",
    "match_started_event",
    "needs_shuffle",
    "new_match",
    "parse_card",
    "parse_cards",
    "reduce_view",
    "replay",
    "score_play",
    "score_show",
    "seats_to_act",
    "seats_waited_on",
    "show_total",
    "shuffled_deck",
    "state_json",
    "view",
]
