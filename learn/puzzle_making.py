"""Turning a finished match's graded decisions into puzzles: pure, from the replay and the review.

The review (games.strategy.review) has already graded every throw and every play with a real
choice; this module only picks the clear-cut ones and records what the deciding seat saw:

- **where they come from**: the match is replayed through the engine, and at each graded decision
  the engine's own view for that seat is read (:func:`games.engine.view`), so a puzzle can
  hold nothing the seat could not see;
- **public puzzles**: decisions whose best choice beats the next best by at least
  :data:`DISCARD_MARGIN` (or :data:`PLAY_MARGIN`) expected points, or :data:`CHANCE_MARGIN`
  of the chance to win near the end, with a single best answer; at most :data:`PUBLIC_PER_MATCH`
  from one match, the clearest first;
- **own mistakes**: every throw or play the review labelled a mistake or a blunder, for the
  player who made it.

The throws' values are the analysis board's (:func:`learn.board.throws_ranked`, the hint's and the
review's numbers); the plays' are the review's own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from games.engine import Action, Discard, MatchOptions, Play, apply, new_match, view
from games.engine.cards import Card, parse_card, parse_cards
from games.engine.scoring import score_play
from games.engine.scoring_rules import longest_runs
from learn.board import ThrowPosition, throws_ranked

DISCARD_MARGIN = 2.0
PLAY_MARGIN = 1.0
CHANCE_MARGIN = 0.08
"""Near the end: the best choice must win at least eight games in a hundred more."""
PUBLIC_PER_MATCH = 3
OWN_PER_MATCH = 6
MISTAKES = ("mistake", "blunder")
GO_COUNT = 22
"""A count this high, scoring nothing, leaves the opponent little that fits: playing for the go."""


@dataclass
class PuzzleDraft:
    """A puzzle before it is stored: what the learn app writes as a :class:`learn.models.Puzzle`."""

    kind: str
    key: str
    seat: int
    position: dict[str, Any]
    choices: dict[str, float]
    answer: str
    by_chance: bool
    margin: float
    themes: list[str] = field(default_factory=list)
    public: bool = False
    own: bool = False


def _position(seen: dict[str, Any], seat: int) -> dict[str, Any]:
    """What the seat saw, from its engine view: two seats, ``you`` and ``them``."""
    options = seen["options"]
    other = 1 - seat
    position: dict[str, Any] = {
        "variant": options["variant"],
        "target": 121 if options["variant"] == "six" else 61,
        "is_dealer": seen["dealer"] == seat,
        "scores": [seen["scores"][seat], seen["scores"][other]],
        "cards": list(seen["cards"]),
    }
    if seen["phase"] == "play":
        position.update(
            {
                "thrown": list(seen["thrown"] or []),
                "starter": seen["starter"],
                "count": seen["count"],
                "series": [
                    ["you" if who == seat else "them", card] for who, card in seen["series"]
                ],
                "played": [
                    ["you" if who == seat else "them", card] for who, card in seen["played"]
                ],
                "opponent_holds": seen["held_counts"][other],
            }
        )
    return position


def _discard_draft(entry: dict[str, Any], seen: dict[str, Any], key: str) -> PuzzleDraft:
    seat = entry["seat"]
    position = _position(seen, seat)
    cards = parse_cards(" ".join(position["cards"]))
    scores = (position["scores"][0], position["scores"][1])
    rows = throws_ranked(ThrowPosition(cards, position["is_dealer"], scores))
    by_chance = bool(entry["by_win_probability"])
    choices = {
        " ".join(str(card) for card in row.discard): (
            float(row.win_chance or 0.0) if by_chance else row.analysis.total
        )
        for row in rows
    }
    ranked = sorted(choices.items(), key=lambda item: -item[1])
    answer, top = ranked[0]
    margin = top - ranked[1][1]
    best_row = next(row for row in rows if " ".join(map(str, row.discard)) == answer)
    themes = ["dealer" if position["is_dealer"] else "pone"]
    if any(card.rank == 5 for card in best_row.discard):
        themes.append("throw-a-five")
    if _has_run(best_row.keep):
        themes.append("keep-a-run")
    if by_chance:
        themes.append("near-the-end")
    return PuzzleDraft("discard", key, seat, position, choices, answer, by_chance, margin, themes)


def _has_run(cards: Sequence[Card]) -> bool:
    """Whether the kept cards hold a run of three or more (the engine's own run rule)."""
    return bool(longest_runs([card.rank for card in cards]))


def _play_draft(entry: dict[str, Any], seen: dict[str, Any], key: str) -> PuzzleDraft:
    seat = entry["seat"]
    position = _position(seen, seat)
    by_chance = bool(entry["by_win_probability"])
    choices = {card: float(value) for card, value in entry["values"].items()}
    best_value = max(choices.values())
    best_ranks = {
        parse_card(card).rank for card, value in choices.items() if value >= best_value - 1e-9
    }
    others = [value for card, value in choices.items() if parse_card(card).rank not in best_ranks]
    margin = best_value - max(others) if others and len(best_ranks) == 1 else 0.0
    answer = max(choices, key=lambda card: (choices[card], card))
    themes = _play_motifs(position, parse_card(answer))
    if by_chance:
        themes.append("near-the-end")
    return PuzzleDraft("play", key, seat, position, choices, answer, by_chance, margin, themes)


def _play_motifs(position: dict[str, Any], card: Card) -> list[str]:
    """The play's motifs: a lead; what the card scores by the engine's own count
    (:func:`games.engine.scoring.score_play`: fifteen, thirty-one, a pair, a run); a pair royal
    set-up (a card held twice, laid where it scores nothing); playing for the go (a count of 22
    or more that scores nothing)."""
    series = [parse_card(text) for _, text in position["series"]]
    scored = {item.kind for item in score_play([*series, card]).items}
    motifs = [] if series else ["lead"]
    motifs += [kind for kind in ("fifteen", "thirty-one", "pair", "run") if kind in scored]
    held_same = sum(1 for text in position["cards"] if parse_card(text).rank == card.rank)
    if held_same >= 2 and not scored:
        motifs.append("pair-royal-set-up")
    if position["count"] + card.value >= GO_COUNT and not scored:
        motifs.append("go")
    return motifs


def _clear_enough(draft: PuzzleDraft) -> bool:
    if draft.by_chance:
        return draft.margin >= CHANCE_MARGIN
    return draft.margin >= (DISCARD_MARGIN if draft.kind == "discard" else PLAY_MARGIN)


def puzzle_drafts(
    *,
    match_id: int,
    options: MatchOptions,
    actions: Sequence[Action],
    analysis: dict[str, Any],
    people: set[int],
    public_allowed: bool,
) -> list[PuzzleDraft]:
    """The puzzles of one analysed two-player match.

    ``people``: the seats held by people (only their mistakes become their own puzzles);
    ``public_allowed``: whether the match may give public puzzles (a public match, not sealed,
    no shared duplicate deck).
    """
    if not analysis.get("graded", True) or len(analysis.get("players", {})) != 2:
        return []
    discards = {
        (hand["hand"], entry["seat"]): entry
        for hand in analysis["hands"]
        for entry in hand["discards"]
    }
    plays = {
        (hand["hand"], entry["play"]): entry
        for hand in analysis["hands"]
        for entry in hand["plays"]
    }
    state = new_match(options)
    hand_index, plays_in_hand = -1, 0
    drafts: list[PuzzleDraft] = []
    for action in actions:
        if isinstance(action, Discard) and (hand_index, action.seat) in discards:
            entry = discards[(hand_index, action.seat)]
            key = f"{match_id}:{hand_index}:d{action.seat}"
            drafts.append(
                _tagged(
                    _discard_draft(entry, view(state, action.seat), key),
                    entry,
                    people,
                    public_allowed,
                )
            )
        if isinstance(action, Play):
            entry = plays.get((hand_index, plays_in_hand))
            if entry is not None and entry["seat"] == action.seat:
                key = f"{match_id}:{hand_index}:p{plays_in_hand}"
                drafts.append(
                    _tagged(
                        _play_draft(entry, view(state, action.seat), key),
                        entry,
                        people,
                        public_allowed,
                    )
                )
            plays_in_hand += 1
        state, events = apply(state, action)
        if any(event.type == "hand_started" for event in events):
            hand_index += 1
            plays_in_hand = 0
    public = sorted((d for d in drafts if d.public), key=lambda d: -d.margin)[:PUBLIC_PER_MATCH]
    chosen = {id(d) for d in public}
    own: dict[int, int] = {}
    kept = []
    for draft in drafts:
        draft.public = id(draft) in chosen
        if draft.own:
            own[draft.seat] = own.get(draft.seat, 0) + 1
            draft.own = own[draft.seat] <= OWN_PER_MATCH
        if draft.public or draft.own:
            kept.append(draft)
    return kept


def _tagged(
    draft: PuzzleDraft, entry: dict[str, Any], people: set[int], public_allowed: bool
) -> PuzzleDraft:
    draft.public = public_allowed and _clear_enough(draft)
    draft.own = draft.seat in people and entry["label"] in MISTAKES and draft.margin > 0
    return draft
