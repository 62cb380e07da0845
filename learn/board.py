"""The analysis board's numbers: every throw of a dealt hand, and every card of a play position.

Nothing here is new strategy. Each value is the one the site already uses elsewhere, so the
board, the hint and the review can never disagree about the same position:

- the expected hand and crib, and their sum as seen by the player (``total``), are
  :func:`games.strategy.analysis.analyze_discard`'s, exactly as the hint and the review show;
- the play is the kept cards' expected net play points from the expert's table
  (:func:`games.strategy.keep_pegging.keep_pegging`), and the expert's own value adds it with
  the expert's weight (:func:`games.bots.expert.with_pegging`);
- within reach of the end (the review's :func:`~games.strategy.review.endgame.is_near_end`), the
  chance to win is the review's (:func:`games.strategy.review.endgame.win_chances`, from the
  win-probability table), so a throw graded there reads the same here;
- the throw marked as the expert's is the one with the best expert's value (hand, crib and the
  weighted play): what the expert throws away from the end. In the last points the expert
  also races (hard's count-out, a simulated race as dealer), which takes up to a second: the
  board leaves that out to answer at once, and shows the chance to win instead;
- a play position's card values are the expert's search (:func:`games.strategy.pegging_search.play_values`).

The board covers the two-player games (six cards to 121, five to 61): the tables and the crib
averages are two-handed.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.bots.expert import with_pegging
from games.engine.cards import DECK, Card
from games.engine.scoring import show_total
from games.strategy.analysis import DiscardAnalysis, analyze_discard
from games.strategy.keep_pegging import keep_pegging
from games.strategy.pegging_search import MAX_COUNT, play_values
from games.strategy.review.endgame import is_near_end, win_chances
from learn.errors import LearnError

VARIANT_OF_DEALT = {6: "six", 5: "five"}
TARGET = {"six": 121, "five": 61}


@dataclass(frozen=True, slots=True)
class ThrowPosition:
    """A dealt hand to throw from: the cards, the role, and (optionally) both scores."""

    cards: tuple[Card, ...]
    is_dealer: bool
    scores: tuple[int, int] | None = None

    @property
    def variant(self) -> str:
        return VARIANT_OF_DEALT[len(self.cards)]

    def checked_scores(self) -> None:
        if self.scores is None:
            return
        target = TARGET[self.variant]
        for score in self.scores:
            if not 0 <= score < target:
                raise LearnError(
                    "bad_scores", f"Scores run from 0 to {target - 1} in a game to {target}."
                )


@dataclass(frozen=True, slots=True)
class ThrowRow:
    """One throw on the board, with every part of its value."""

    analysis: DiscardAnalysis
    play: float
    expert_value: float
    hand_low: int
    hand_high: int
    win_chance: float | None
    best: bool
    experts_choice: bool

    @property
    def keep(self) -> tuple[Card, ...]:
        return self.analysis.keep

    @property
    def discard(self) -> tuple[Card, ...]:
        return self.analysis.discard


def throws_ranked(position: ThrowPosition) -> list[ThrowRow]:
    """Every throw, best ``total`` first (the hint's and the review's order), each valued."""
    position.checked_scores()
    results = analyze_discard(position.cards, is_dealer=position.is_dealer)
    target = TARGET[position.variant]
    chances: list[float | None] = [None] * len(results)
    if position.scores is not None and is_near_end(position.variant, target, position.scores):
        own, theirs = position.scores
        chances = list(
            win_chances(
                results,
                position.cards,
                own=own,
                theirs=theirs,
                variant=position.variant,
                target=target,
            )
        )
    choice = set(max(results, key=with_pegging).discard)
    starters = [card for card in DECK if card not in position.cards]
    rows = []
    for index, result in enumerate(results):
        counts = [show_total(result.keep, starter) for starter in starters]
        rows.append(
            ThrowRow(
                analysis=result,
                play=keep_pegging(result.keep, is_dealer=position.is_dealer),
                expert_value=with_pegging(result),
                hand_low=min(counts),
                hand_high=max(counts),
                win_chance=chances[index],
                best=index == 0,
                experts_choice=set(result.discard) == choice,
            )
        )
    return rows


@dataclass(frozen=True, slots=True)
class PlayPosition:
    """A moment in the play: your cards, the cards of the current count, what else you have seen."""

    hand: tuple[Card, ...]
    series: tuple[Card, ...]
    seen: tuple[Card, ...]
    opponent_holds: int
    variant: str = "six"

    @property
    def count(self) -> int:
        return sum(card.value for card in self.series)

    def checked(self) -> None:
        everything = (*self.hand, *self.series, *self.seen)
        if len(set(everything)) != len(everything):
            raise LearnError(
                "repeated_card",
                "A card appears twice across your hand, the pile and the cards seen.",
            )
        if self.count > MAX_COUNT:
            raise LearnError("bad_pile", f"The pile counts {self.count}: a count never passes 31.")
        most = 4 if self.variant == "six" else 3
        if not 1 <= len(self.hand) <= most:
            raise LearnError("wrong_count", f"You hold 1 to {most} cards in the play.")
        if not 0 <= self.opponent_holds <= most:
            raise LearnError("bad_holding", f"The opponent holds 0 to {most} cards.")


def play_card_values(position: PlayPosition) -> dict[Card, float]:
    """Each card you may lay now, with its expected net points to the end of the play.

    Empty when no card fits under 31 (you say go).
    """
    position.checked()
    seen = {*position.hand, *position.series, *position.seen}
    return play_values(
        seat=0,
        hand=position.hand,
        unseen=[card for card in DECK if card not in seen],
        held_counts=(len(position.hand), position.opponent_holds),
        series=position.series,
        count=position.count,
        one_series=position.variant == "five",
    )
