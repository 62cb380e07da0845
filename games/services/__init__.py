"""The service layer: every change to a match goes through these functions (HackSoft style).

Each runs in one transaction with the match row locked, writes the event log, and broadcasts
the new events after the commit. Views and consumers only authenticate, parse, call, and send.
"""

from __future__ import annotations

from games.services.actions import (
    ActionOutcome,
    action_apply,
    action_apply_for_seat,
    match_resign,
)
from games.services.errors import ServiceError
from games.services.matches import (
    computer_match_create,
    match_create,
    match_fill_with_computer,
    match_join,
    match_seat_bot,
)

__all__ = [
    "ActionOutcome",
    "ServiceError",
    "action_apply",
    "action_apply_for_seat",
    "computer_match_create",
    "match_fill_with_computer",
    "match_create",
    "match_join",
    "match_resign",
    "match_seat_bot",
]
