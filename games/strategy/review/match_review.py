"""The graded review of a whole match, rebuilt from its options and its action log.

:func:`analyze_match` replays the log with the engine, one action at a time, and at each
decision looks at the state just before it: a discard is graded with the exact
:func:`games.strategy.analysis.analyze_discard`, a play with a real choice with
:func:`games.strategy.review.pegging.graded_play_values` (the expert's evaluation: by points, or
near the end by the chance to win). Events give the rest (the starter, go points,
the shows, claims and Muggins). The result is a plain JSON-able dict whose format is written in
docs/review.md; the review app stores it once per finished match.

With three or four seats only what needs no two-player model is given (the hands, scores and
claims); discards, plays and luck are not graded (``"graded": false`` says so).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engine.actions import Action, Discard, Play
from games.engine.cards import Card, parse_cards
from games.engine.events import Event
from games.engine.flow import apply, new_match
from games.engine.options import MatchOptions
from games.engine.state import MatchState
from games.strategy.analysis import DiscardAnalysis, analyze_discard
from games.strategy.pegging_search import play_points
from games.strategy.review.claims import ClaimTracker, counting_accuracy
from games.strategy.review.endgame import WIN_THRESHOLDS, is_near_end, win_chances, win_label
from games.strategy.review.grading import THRESHOLDS, accuracy, label_for
from games.strategy.review.luck import PARTS, SeatHand, hand_luck
from games.strategy.review.pegging import graded_play_values, has_real_choice

FORMAT_VERSION = 4
"""2: plays graded with the expert's evaluation (the opening table, the opponent model, the
chance to win near the end). 3: pegging luck measured against the seat's own best choices, not
the role's average (skill is not luck). 4: the opponent read from its plays as the expert reads
it, and every later play searched (no one-reply model). Stored analyses of an older version
are recomputed (review app)."""
DIGITS = 2
"""Values are rounded to hundredths in the output; grades are computed before rounding."""
CHANCE_DIGITS = 4
"""Chances to win (near-end plays' values) are rounded to four places."""


def analyze_match(options: MatchOptions, actions: Sequence[Action]) -> dict[str, Any]:
    """The graded review of the match ``actions`` (its full log, shuffles included) describe.

    Works on a finished match or one that stopped anywhere (a resignation, mid-play, mid-show).
    Raises :class:`games.engine.errors.IllegalAction` if the log does not replay.
    """
    walk = _MatchWalk(options)
    for action in actions:
        walk.step(action)
    return walk.result()


class _HandWalk:
    """One hand as the replay goes through it: its record and what luck needs at the end."""

    def __init__(self, index: int, data: dict[str, Any], seats: tuple[int, ...]) -> None:
        self.dealer: int = data["dealer"]
        self.record: dict[str, Any] = {
            "hand": index,
            "game": data["game"] - 1,
            "dealer": self.dealer,
            "scores_before": list(data["scores"]),
            "scores_after": list(data["scores"]),
            "starter": None,
            "discards": [],
            "plays": [],
            "luck": {},
            "claims": [],
        }
        self.seat_hands = {seat: SeatHand() for seat in seats}
        self.starter: Card | None = None
        self.crib: tuple[Card, ...] = ()
        self.crib_counted = False
        self.play_finished = False
        self.cards_played = 0


class _MatchWalk:
    def __init__(self, options: MatchOptions) -> None:
        self.options = options
        self.graded = options.players == 2
        self.state: MatchState = new_match(options)
        self.hands: list[_HandWalk] = []
        self.claims = ClaimTracker(options.muggins)

    @property
    def hand(self) -> _HandWalk | None:
        return self.hands[-1] if self.hands else None

    def step(self, action: Action) -> None:
        before = self.state
        hand = self.hand
        # The engine checks the action first: a log that does not replay raises IllegalAction.
        self.state, events = apply(before, action)
        if hand is not None and isinstance(action, Discard) and self.graded:
            self._grade_discard(hand, before, action)
        if hand is not None and isinstance(action, Play):
            self._note_play(hand, before, action)
        for event in events:
            self._on_event(event)
        if self.hand is not None:
            self.hand.record["scores_after"] = list(self.state.scores)

    def _grade_discard(self, hand: _HandWalk, before: MatchState, action: Discard) -> None:
        seat = action.seat
        dealt = before.held[seat]
        results = analyze_discard(dealt, is_dealer=seat == before.dealer)
        thrown = set(action.cards)
        chosen_index = next(i for i, r in enumerate(results) if set(r.discard) == thrown)
        chosen = results[chosen_index]
        seat_hand = hand.seat_hands[seat]
        seat_hand.dealt = dealt
        seat_hand.best_total = results[0].total
        seat_hand.chosen = chosen
        options = self.options
        entry: dict[str, Any] = {
            "seat": seat,
            "dealt": [str(card) for card in dealt],
            "thrown": [str(card) for card in action.cards],
            "by_win_probability": False,
            "win_chance": None,
            "best_win_chance": None,
        }
        if is_near_end(options.variant, options.game_target, before.scores):
            other = next(other for other in before.seats if other != seat)
            chances = win_chances(
                results,
                dealt,
                own=before.scores[seat],
                theirs=before.scores[other],
                variant=options.variant,
                target=options.game_target,
            )
            # Equal chances go to the better throw by points (results are best first).
            best_index = max(range(len(results)), key=lambda i: (chances[i], -i))
            lost = max(0.0, 100 * (chances[best_index] - chances[chosen_index]))
            label = win_label(lost)
            entry["by_win_probability"] = True
            entry["win_chance"] = round(chances[chosen_index], 4)
            entry["best_win_chance"] = round(chances[best_index], 4)
        else:
            best_index = 0
            lost = max(0.0, results[0].total - chosen.total)
            label = label_for(lost)
        best = results[best_index]
        entry.update(
            {
                "best": [str(card) for card in best.discard],
                "value": _discard_value(chosen),
                "best_value": _discard_value(best),
                "lost": round(lost, DIGITS),
                "label": label,
            }
        )
        hand.record["discards"].append(entry)

    def _note_play(self, hand: _HandWalk, before: MatchState, action: Play) -> None:
        seat = action.seat
        ranks = tuple(card.rank for _, card in before.series) + (action.card.rank,)
        seat_hand = hand.seat_hands[seat]
        points = play_points(ranks, before.count + action.card.value)
        index = hand.cards_played
        hand.cards_played += 1
        playable = [card for card in before.held[seat] if before.count + card.value <= 31]
        if self.graded and has_real_choice(playable):
            self._grade_play(hand, before, action, index)
        seat_hand.play_points += points

    def _grade_play(self, hand: _HandWalk, before: MatchState, action: Play, index: int) -> None:
        seat = action.seat
        seat_hand = hand.seat_hands[seat]
        options = self.options
        to_win = is_near_end(options.variant, options.game_target, before.scores)
        values, depth = graded_play_values(before, seat, to_win=to_win)
        top = max(values.values())
        best = action.card if values[action.card] >= top else max(values, key=values.__getitem__)
        if to_win:
            # Values are chances to win; the loss is in percentage points, as near-end discards.
            lost = max(0.0, 100 * (top - values[action.card]))
            label = win_label(lost)
            digits = CHANCE_DIGITS
            seat_hand.chose_by_chance = True
        else:
            lost = max(0.0, top - values[action.card])
            label = label_for(lost)
            digits = DIGITS
            if seat_hand.first_choice_value is None:
                seat_hand.first_choice_value = top
                seat_hand.net_at_first_choice = _play_net(hand, seat)
            seat_hand.choices_lost += lost
        hand.record["plays"].append(
            {
                "seat": seat,
                "play": index,
                "card": str(action.card),
                "best": str(best),
                "values": {str(card): round(value, digits) for card, value in values.items()},
                "lost": round(lost, DIGITS),
                "label": label,
                "depth": depth,
                "by_win_probability": to_win,
            }
        )

    def _on_event(self, event: Event) -> None:
        kind, data = event.type, event.data
        if kind == "hand_started":
            self._finish_hand()
            self.hands.append(_HandWalk(len(self.hands), data, self.state.seats))
            return
        hand = self.hand
        if hand is None:
            return
        if kind == "starter_cut":
            hand.starter = parse_cards(data["card"])[0]
            hand.record["starter"] = data["card"]
        elif kind == "go_scored":
            hand.seat_hands[data["seat"]].play_points += data["points"]
        elif kind == "hand_shown":
            hand.play_finished = True
            if data["kind"] == "crib":
                hand.crib = tuple(parse_cards(" ".join(data["cards"])))
            if not self.options.manual:
                self._counted(hand, data["seat"], data["kind"])
        elif kind == "claim_made":
            play = hand.cards_played - 1 if data["subject"] == "play" else None
            hand.record["claims"].append(self.claims.claim_made(data, play))
            self._counted(hand, data["seat"], data["subject"])
        elif kind == "muggins_called":
            self.claims.muggins_called(data)
        elif kind == "score_revealed":
            self.claims.score_revealed(data)

    @staticmethod
    def _counted(hand: _HandWalk, seat: int, subject: str) -> None:
        if subject == "hand":
            hand.seat_hands[seat].hand_counted = True
        elif subject == "crib":
            hand.crib_counted = True

    def _finish_hand(self) -> None:
        """Luck for the hand just over (two players), now that nothing more can happen in it."""
        hand = self.hand
        if hand is None or not self.graded:
            return
        for seat, seat_hand in hand.seat_hands.items():
            hand.record["luck"][str(seat)] = hand_luck(
                seat_hand,
                variant=self.options.variant,
                is_dealer=seat == hand.dealer,
                starter=hand.starter,
                crib=hand.crib,
                crib_counted=hand.crib_counted,
                play_finished=hand.play_finished,
                play_net=_play_net(hand, seat),
            )

    def result(self) -> dict[str, Any]:
        self._finish_hand()
        seats = self.state.seats
        records = [hand.record for hand in self.hands]
        for record in records:
            record["discards"].sort(key=lambda entry: entry["seat"])
        luck_line: dict[str, list[float]] = {str(seat): [] for seat in seats}
        score_line: dict[str, list[int]] = {str(seat): [] for seat in seats}
        for record in records:
            for seat in seats:
                key = str(seat)
                score_line[key].append(record["scores_after"][seat])
                if self.graded:
                    previous = luck_line[key][-1] if luck_line[key] else 0.0
                    luck_line[key].append(round(previous + record["luck"][key]["total"], DIGITS))
        return {
            "version": FORMAT_VERSION,
            "seats": len(seats),
            "graded": self.graded,
            "thresholds": dict(THRESHOLDS),
            "win_thresholds": dict(WIN_THRESHOLDS),
            "hands": records,
            "players": {str(seat): self._player(seat, records) for seat in seats},
            "luck_line": luck_line if self.graded else {},
            "score_line": score_line,
        }

    def _player(self, seat: int, records: list[dict[str, Any]]) -> dict[str, Any]:
        discards = [d for r in records for d in r["discards"] if d["seat"] == seat]
        plays = [p for r in records for p in r["plays"] if p["seat"] == seat]
        luck = sum(r["luck"][str(seat)]["total"] for r in records if str(seat) in r["luck"])
        return {
            "discards_best": sum(1 for d in discards if d["label"] == "best"),
            "discards": len(discards),
            "discard_lost": _points_lost(discards),
            "discard_chance_lost": _chance_lost(discards),
            "plays_best": sum(1 for p in plays if p["label"] == "best"),
            "plays": len(plays),
            "play_lost": _points_lost(plays),
            "play_chance_lost": _chance_lost(plays),
            "accuracy": accuracy([d["label"] for d in discards] + [p["label"] for p in plays]),
            "luck_total": round(luck, DIGITS) if self.graded else None,
            "counting_accuracy": counting_accuracy(self.claims.records, seat),
        }


def _play_net(hand: _HandWalk, seat: int) -> int:
    """The seat's pegs less everyone else's, so far in this hand's play."""
    return sum(
        seat_hand.play_points if other == seat else -seat_hand.play_points
        for other, seat_hand in hand.seat_hands.items()
    )


def _points_lost(decisions: list[dict[str, Any]]) -> float:
    """Expected points lost over decisions graded by points. Near the end a decision's loss is
    in percentage points of the chance to win, so those are left out (summed apart by
    :func:`_chance_lost`): their labels still count in ``accuracy``."""
    lost: float = sum(d["lost"] for d in decisions if not d["by_win_probability"])
    return round(lost, DIGITS)


def _chance_lost(decisions: list[dict[str, Any]]) -> float:
    """Percentage points of the chance to win lost over decisions graded near the end (never
    added to points)."""
    lost: float = sum(d["lost"] for d in decisions if d["by_win_probability"])
    return round(lost, DIGITS)


def _discard_value(result: DiscardAnalysis) -> dict[str, float]:
    """A discard's expected points from the thrower's side: the crib is negative for the pone.

    The play is not part of ``analyze_discard``: ``pegging`` is 0.0 here (kept in the format so
    a later model of pegging can fill it without changing the page).
    """
    crib = result.crib if result.is_dealer else -result.crib
    return {
        "hand": round(result.hand, DIGITS),
        "crib": round(crib, DIGITS),
        "pegging": 0.0,
        "total": round(result.total, DIGITS),
    }


__all__ = ["FORMAT_VERSION", "PARTS", "analyze_match"]
