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
- a play position's card values are the review's grading of a play
  (:func:`games.strategy.review.pegging.graded_play_values`: the expert's own evaluation).

The board covers the two-player games (six cards to 121, five to 61): the tables and the crib
averages are two-handed.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from games.bots.expert import with_pegging
from games.bots.expert_many_seats import (
    THREE_PLAYER_CRIB_AGAINST,
    fixed_weights,
    kept_play_weight,
    kept_play_worth,
)
from games.engine import MatchOptions, new_match
from games.engine.cards import DECK, Card
from games.engine.play import counts_laid_on, order_of_play
from games.engine.scoring import show_total
from games.engine.seating import seats_from_left_of, side_of
from games.engine.state import MatchState
from games.strategy.analysis import DiscardAnalysis, analyze_discard
from games.strategy.expected_line import LineStep, expected_lines_from_state
from games.strategy.keep_pegging import keep_pegging
from games.strategy.one_card_throw import ThrowAnalysis, analyze_throw
from games.strategy.pegging_search import MAX_COUNT
from games.strategy.review.endgame import is_near_end, win_chances
from games.strategy.review.pegging import graded_play_values
from learn.errors import LearnError

VARIANT_OF_DEALT = {6: "six", 5: "five"}


def target_of(variant: str) -> int:
    """The game's target, asked of the engine (121 or 61)."""
    return MatchOptions(variant=variant).game_target


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
        target = target_of(self.variant)
        for score in self.scores:
            if not 0 <= score < target:
                raise LearnError(
                    "bad_scores", f"Scores run from 0 to {target - 1} in a game to {target}."
                )


@dataclass(frozen=True, slots=True)
class ThrowRow:
    """One throw on the board, with every part of its value (at three or four players no
    chance to win: the board has no scores there)."""

    analysis: DiscardAnalysis | ThrowAnalysis
    play: float | None
    expert_value: float | None
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


def hand_range(keep: tuple[Card, ...], dealt: tuple[Card, ...]) -> tuple[int, int]:
    """The fewest and the most the kept hand can count, over every starter not dealt."""
    counts = [show_total(keep, starter) for starter in DECK if starter not in dealt]
    return min(counts), max(counts)


def throws_ranked(position: ThrowPosition) -> list[ThrowRow]:
    """Every throw, best ``total`` first (the hint's and the review's order), each valued."""
    position.checked_scores()
    results = analyze_discard(position.cards, is_dealer=position.is_dealer)
    target = target_of(position.variant)
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
    rows = []
    for index, result in enumerate(results):
        low, high = hand_range(result.keep, position.cards)
        rows.append(
            ThrowRow(
                analysis=result,
                play=keep_pegging(result.keep, is_dealer=position.is_dealer),
                expert_value=with_pegging(result),
                hand_low=low,
                hand_high=high,
                win_chance=chances[index],
                best=index == 0,
                experts_choice=set(result.discard) == choice,
            )
        )
    return rows


MANY_SEAT_DEALT = {3: (5, 6), 4: (5,)}
"""Cards dealt at three (five, or six to the dealer who takes six) and four players."""


def many_seat_throws(cards: tuple[Card, ...], *, players: int, own_crib: bool) -> list[ThrowRow]:
    """Every throw at a table of three or four, best first, valued as the expert values it.

    The hand and the crib are :func:`games.strategy.one_card_throw.analyze_throw`'s exact
    averages; the crib counts for the throw when it is the seat's (or its partner's), and
    against it otherwise, with the expert's weight (:func:`games.bots.expert_many_seats.crib_weight`:
    half at three players, where one of two opponents gains it, whole in partnerships). The
    play is the kept cards' average play points for every seat, weighed as the expert weighs
    them away from the end (:func:`games.bots.expert_many_seats.kept_play_worth`); the board
    does not ask which seat from the dealer's left throws, so it averages the seats whose crib
    it is or is not. The expert's value adds the play at the expert's weight.
    """
    if len(cards) not in MANY_SEAT_DEALT[players]:
        wanted = " or ".join(str(size) for size in MANY_SEAT_DEALT[players])
        raise LearnError("wrong_count", f"At {players} players a seat is dealt {wanted} cards.")
    weight = 1.0 if own_crib else (-1.0 if players == 4 else THREE_PLAYER_CRIB_AGAINST)
    results = analyze_throw(cards, crib_weight=weight)
    roles = many_seat_roles(players, own_crib=own_crib)
    play_weight = kept_play_weight(players)

    def play(keep: tuple[Card, ...]) -> float:
        return sum(
            kept_play_worth(keep, role=role, weights=fixed_weights(players, seat))
            for role, seat in roles
        ) / len(roles)

    plays = [play(result.keep) for result in results]
    values = [
        result.total + play_weight * value for result, value in zip(results, plays, strict=True)
    ]
    choice = max(range(len(results)), key=lambda index: (values[index], -index))
    rows = []
    for index, (result, value) in enumerate(zip(results, plays, strict=True)):
        low, high = hand_range(result.keep, cards)
        rows.append(
            ThrowRow(
                analysis=result,
                play=value,
                expert_value=values[index],
                hand_low=low,
                hand_high=high,
                win_chance=None,
                best=index == 0,
                experts_choice=index == choice,
            )
        )
    return rows


def many_seat_roles(players: int, *, own_crib: bool) -> list[tuple[int, int]]:
    """The places from the dealer's left (with the seat there) of every seat whose side's crib
    it is, or whose it is not, at a table whose last seat deals."""
    seats = tuple(range(players))
    dealer = seats[-1]
    order = seats_from_left_of(seats, dealer)
    crib_side = side_of(dealer, players=players)
    return [
        (role, seat)
        for role, seat in enumerate(order)
        if (side_of(seat, players=players) == crib_side) == own_crib
    ]


@dataclass(frozen=True, slots=True)
class PlayPosition:
    """A moment in the play, as the seat to play knows it (two players).

    ``mine`` and ``theirs``: the cards each side has played this hand, in order; ``pile``: the
    cards of the current count, in order, each one of those. ``earlier`` counts are the rest.
    """

    hand: tuple[Card, ...]
    mine: tuple[Card, ...] = ()
    theirs: tuple[Card, ...] = ()
    pile: tuple[Card, ...] = ()
    thrown: tuple[Card, ...] = ()
    starter: Card | None = None
    opponent_holds: int = 4
    is_dealer: bool = False
    scores: tuple[int, int] | None = None
    variant: str = "six"
    they_said_go: bool = False

    @property
    def count(self) -> int:
        return sum(card.value for card in self.pile)

    def checked(self) -> None:
        everything = (*self.hand, *self.mine, *self.theirs, *self.thrown)
        everything += (self.starter,) if self.starter is not None else ()
        if len(set(everything)) != len(everything):
            raise LearnError(
                "repeated_card",
                "A card appears twice across your hand, the cards played, your throw and the starter.",
            )
        if self.starter is None:
            raise LearnError("wrong_count", "The play follows the cut: give the starter.")
        if any(card not in (*self.mine, *self.theirs) for card in self.pile):
            raise LearnError("bad_pile", "Each card of the pile must be one of the cards played.")
        if self.count > MAX_COUNT:
            raise LearnError("bad_pile", f"The pile counts {self.count}: a count never passes 31.")
        kept = 4 if self.variant == "six" else 3
        if not len(self.hand) >= 1 or len(self.hand) + len(self.mine) != kept:
            raise LearnError(
                "wrong_count",
                f"You kept {kept} cards: those you hold and those you played make {kept}.",
            )
        if not self.opponent_holds >= 0 or self.opponent_holds + len(self.theirs) != kept:
            raise LearnError(
                "bad_holding",
                f"They kept {kept} cards: those they hold and those they played make {kept}.",
            )
        if len(self.thrown) != MatchOptions(variant=self.variant).hand_size - kept:
            raise LearnError("wrong_count", "Give the cards you threw to the crib.")
        if self.scores is not None:
            target = target_of(self.variant)
            if not all(0 <= score < target for score in self.scores):
                raise LearnError(
                    "bad_scores", f"Scores run from 0 to {target - 1} in a game to {target}."
                )

    def played_in_order(self) -> tuple[tuple[int, Card], ...]:
        """The hand's cards in the order they were laid, by seat (0 this seat): the one order
        the rules leave for the two sequences (:func:`games.engine.play.order_of_play`), so
        that the opponent is read from its plays as the review reads it. A position the rules
        cannot have reached that way (one set up by hand) keeps the earlier cards before the
        pile, this seat's first."""
        dealer = 0 if self.is_dealer else 1
        order = order_of_play(
            (self.mine, self.theirs), dealer=dealer, one_series=self.variant == "five"
        )
        if order is not None and self._ends_with_pile(order):
            return tuple(order)
        earlier = [card for card in (*self.mine, *self.theirs) if card not in self.pile]
        owner = {**{card: 0 for card in self.mine}, **{card: 1 for card in self.theirs}}
        return tuple((owner[card], card) for card in (*earlier, *self.pile))

    def _ends_with_pile(self, order: list[tuple[int, Card]]) -> bool:
        """Whether ``order`` leaves the pile as its current count."""
        if not self.pile:
            return True
        tail = order[-len(self.pile) :]
        if [card for _, card in tail] != list(self.pile):
            return False
        return not counts_laid_on(order)[len(order) - len(self.pile)][1]

    def state(self) -> MatchState:
        """An engine state with this position for seat 0: the opponent's cards are stand-ins from
        the cards seat 0 has not seen, which the grading never reads (only how many)."""
        assert self.starter is not None
        seen = {*self.hand, *self.mine, *self.theirs, *self.thrown, self.starter}
        stand_ins = tuple(card for card in DECK if card not in seen)[: self.opponent_holds]
        owner = {**{card: 0 for card in self.mine}, **{card: 1 for card in self.theirs}}
        played = self.played_in_order()
        base = new_match(MatchOptions(variant=self.variant, match_target=1))
        scores = self.scores or (0, 0)
        return replace(
            base,
            phase="play",
            dealer=0 if self.is_dealer else 1,
            scores=scores,
            held=(self.hand, stand_ins),
            kept=((*self.hand, *self.mine), (*stand_ins, *self.theirs)),
            discards=(self.thrown, None),
            starter=self.starter,
            count=self.count,
            series=tuple((owner[card], card) for card in self.pile),
            played=played,
            said_go=(False, self.they_said_go),
            turn=0,
        )


@dataclass(frozen=True, slots=True)
class PlayValues:
    """Each card you may lay with its value, and how it was found (the review's own words);
    with ``lines``, the line the expert's search expects after each card
    (:mod:`games.strategy.expected_line`)."""

    values: dict[Card, float]
    depth: str
    lines: dict[Card, tuple[LineStep, ...]] = field(default_factory=dict)

    @property
    def by_chance(self) -> bool:
        return self.depth == "win"


def play_card_values(position: PlayPosition, *, lines: bool = False) -> PlayValues:
    """Each card you may lay now, valued exactly as the review grades a play (the expert's own
    evaluation: the opening table for a lead and its reply, the exact search, the chance to win
    near the end, the opponent read from its plays). Empty values when no card fits (you say go).

    ``lines``: also the line the search expects after each card, read from the hands the search
    weighs (never the opponent's real cards, which the position does not hold)."""
    position.checked()
    if all(position.count + card.value > MAX_COUNT for card in position.hand):
        return PlayValues({}, "go")
    state = position.state()
    to_win = position.scores is not None and is_near_end(
        position.variant, target_of(position.variant), state.scores
    )
    values, depth = graded_play_values(state, 0, to_win=to_win)
    expected = expected_lines_from_state(state, 0, to_win=to_win) if lines else {}
    return PlayValues(values, depth, expected)
