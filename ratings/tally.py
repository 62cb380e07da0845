"""What one finished match adds to each seat's statistics, read from its event log. Pure.

The input is the match's events in order, each as ``(type, data)`` with the public part merged
with every seat's private part (all the events counted here are public: shows, pegging, game
ends). The same function serves the hook (one match at a time) and the recompute command (every
match), so the two cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from typing import Any

from games.strategy.review.claims import claim_tests_counting


@dataclass
class SeatTally:
    """Counters one match adds to one seat's statistics (the names of ``PlayerStats``)."""

    matches_won: int = 0
    matches_lost: int = 0
    games_won: int = 0
    games_lost: int = 0
    skunks_given: int = 0
    skunks_taken: int = 0
    hands: int = 0
    hand_points: int = 0
    cribs: int = 0
    crib_points: int = 0
    play_points: int = 0
    highest_hand: int = 0
    twenty_nines: int = 0
    claims: int = 0
    claims_exact: int = 0

    @classmethod
    def counter_names(cls) -> list[str]:
        """Every counter summed across matches (the highest hand is a maximum instead)."""
        return [f.name for f in fields(cls) if f.name != "highest_hand"]


@dataclass
class MatchTally:
    """Each seat's counters, and the winner of each game in order."""

    seats: list[SeatTally]
    game_winners: list[int] = field(default_factory=list)


def _show(seat: SeatTally, kind: str, total: int) -> None:
    if kind == "crib":
        seat.cribs += 1
        seat.crib_points += total
    else:
        seat.hand_points += total
    seat.highest_hand = max(seat.highest_hand, total)
    if total == 29:
        seat.twenty_nines += 1


def match_tally(
    events: Iterable[tuple[str, dict[str, Any]]], *, players: int, winner_seat: int | None
) -> MatchTally:
    """Count a match's events.

    Points are each hand's, crib's and pegging's true value (under manual scoring, the value
    ``score_revealed`` gives, whatever was claimed): they measure the cards and the play, while
    counting accuracy (claims equal to the true value, over the claims that test counting:
    :func:`games.strategy.review.claims.claim_tests_counting`) is counted apart.

    >>> tally = match_tally([("hand_started", {}), ("game_ended", {"winner": 1, "skunk": "skunk"})],
    ...                     players=2, winner_seat=1)
    >>> tally.seats[1].skunks_given, tally.seats[0].skunks_taken, tally.seats[0].hands
    (1, 1, 1)
    """
    seats = [SeatTally() for _ in range(players)]
    tally = MatchTally(seats)
    pending_show: dict[int, str] = {}  # manual scoring: seat -> "hand"/"crib" awaiting its value
    for kind, data in events:
        if kind == "hand_started":
            for seat in seats:
                seat.hands += 1
        elif kind in ("card_played", "go_scored") and data.get("points"):
            seats[data["seat"]].play_points += data["points"]
        elif kind == "hand_shown":
            if "total" in data:
                _show(seats[data["seat"]], data.get("kind", "hand"), data["total"])
            else:
                pending_show[data["seat"]] = data.get("kind", "hand")
        elif kind == "score_revealed":
            seat = seats[data["seat"]]
            claimed, actual = data.get("claimed") or 0, data.get("actual") or 0
            if claim_tests_counting(claimed, actual):
                seat.claims += 1
                seat.claims_exact += int(claimed == actual)
            subject = data.get("subject")
            if subject in ("hand", "crib"):
                _show(seat, pending_show.pop(data["seat"], subject), data["actual"])
            elif subject == "play":
                seat.play_points += data["actual"]
        elif kind == "game_ended":
            winner = data["winner"]
            tally.game_winners.append(winner)
            for number, seat in enumerate(seats):
                if number == winner:
                    seat.games_won += 1
                    seat.skunks_given += int(data.get("skunk", "none") != "none")
                else:
                    seat.games_lost += 1
                    seat.skunks_taken += int(data.get("skunk", "none") != "none")
    if winner_seat is not None:
        for number, seat in enumerate(seats):
            if number == winner_seat:
                seat.matches_won += 1
            else:
                seat.matches_lost += 1
    return tally
