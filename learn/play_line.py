"""The expected line of a play position in words a player reads.

:mod:`games.strategy.expected_line` gives steps (who lays which rank, the points, the count,
the share of the opponent's hands that reply so); this turns them into one sentence such as
"you 5: 15, fifteen for 2 → they likely 5 (18%): 20, a pair for 2 → you 9: 29 → they go →
you 1 for the go". Suits never score in the play, so cards are named by rank.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.cards import SUITS, Card
from games.engine.scoring import score_play
from games.strategy.expected_line import THEY, LineStep

RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}
SURE = 0.995
"""A reply made in at least this share of the hands is shown without "likely"."""
PAIRS = {2: "a pair", 3: "a pair royal", 4: "a double pair royal"}


def rank_text(rank: int) -> str:
    return RANK_TEXT.get(rank, str(rank))


def _pile_cards(ranks: Sequence[int]) -> list[Card]:
    """Cards for the count's ranks (the line knows ranks only; suits do not score in the play):
    each repeat of a rank takes the next suit, so the pile is a legal one."""
    repeats: dict[int, int] = {}
    cards = []
    for rank in ranks:
        cards.append(Card(rank, SUITS[repeats.get(rank, 0)]))
        repeats[rank] = repeats.get(rank, 0) + 1
    return cards


def scoring_words(ranks: Sequence[int], points: int) -> str:
    """What laying the last of ``ranks`` (the count's ranks, in order) scored, e.g. "fifteen
    and a pair for 4"; "" for nothing. The points are the search's; the engine's own itemising
    of the play (:func:`games.engine.scoring.score_play`) names them."""
    if not points:
        return ""
    kinds = []
    for item in score_play(_pile_cards(ranks)).items:
        if item.kind == "pair":
            kinds.append(PAIRS[len(item.cards)])
        elif item.kind == "run":
            kinds.append(f"a run of {len(item.cards)}")
        else:
            kinds.append(item.kind)  # fifteen, thirty-one
    return f"{' and '.join(kinds)} for {points}"


def step_words(step: LineStep, ranks: Sequence[int]) -> str:
    """One step; ``ranks``: the count's ranks up to and including this step's card."""
    who = "they" if step.seat == THEY else "you"
    if step.is_go:
        return f"{who} go" if step.share >= SURE else f"{who} likely go ({step.share:.0%})"
    if step.is_go_point:
        words = f"{who} 1 for the go"
    else:
        assert step.rank is not None
        card = rank_text(step.rank)
        if step.seat == THEY and step.share < SURE:
            card = f"likely {card} ({step.share:.0%})"
        scored = scoring_words(ranks, step.points)
        words = f"{who} {card}: {step.count}" + (f", {scored}" if scored else "")
    return words + (", and the game" if step.wins else "")


def line_words(steps: Sequence[LineStep], pile: Sequence[int]) -> str:
    """The whole line as one sentence, steps joined by arrows; "…" when it was cut short
    (the count had not started again, the play had not ended)."""
    if not steps:
        return ""
    ranks = list(pile)
    parts = []
    for step in steps:
        if step.rank is not None:
            ranks.append(step.rank)
        parts.append(step_words(step, ranks))
    last = steps[-1]
    finished = last.is_go_point or last.wins or last.count == 31
    return " → ".join(parts) + ("" if finished else " → …")
