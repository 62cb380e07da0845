"""What each playable card is worth in the play, for the review's pegging grades.

The review grades a play with the evaluation the expert computer opponent plays by
(:func:`graded_play_values`, docs/review.md), the opponent read from its throw and its plays
exactly as the expert reads it (:mod:`games.strategy.opponent_reading`), and each graded play
says which evaluation it used:

- ``"win"``: near the end of a game (:func:`games.strategy.review.endgame.is_near_end`), each
  card's chance to win the game (:func:`games.strategy.play_to_win.chance_values`: the rest of
  the play searched, each line scored by who wins once the hands are counted in order);
- ``"table"``: the pone's lead and the dealer's reply to it, from the table searched offline
  (:func:`games.strategy.opening_play.opening_values`);
- ``"play"``: the engine's search of the whole rest of the play
  (:func:`games.strategy.pegging_search.play_values_from_state`). After the lead and its reply
  the opponent holds at most three cards in a real hand, so its possible hands are enumerated exactly
  (at most 455 rank multisets, under :data:`games.strategy.pegging_search.EXACT_LIMIT`).

Only the two-player game is graded (with three or four seats a reply is not the next seat's
alone).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.cards import DECK, Card
from games.engine.state import MatchState
from games.strategy.opening_play import opening_position_values
from games.strategy.opponent_reading import read_at_two
from games.strategy.pegging_search import MAX_COUNT, play_values_from_state
from games.strategy.play_to_win import chance_values


def unseen_cards(state: MatchState, seat: int) -> list[Card]:
    """The cards ``seat`` has not seen this hand: not dealt to it, not the starter, not played."""
    seen = set(state.held[seat])
    seen.update(state.kept[seat] or ())
    seen.update(state.discards[seat] or ())
    seen.update(card for _, card in state.played)
    if state.starter is not None:
        seen.add(state.starter)
    return [card for card in DECK if card not in seen]


def has_real_choice(playable: Sequence[Card]) -> bool:
    """A play is graded only when two or more different ranks could be laid."""
    return len({card.rank for card in playable}) >= 2


def graded_play_values(
    state: MatchState, seat: int, *, to_win: bool = False
) -> tuple[dict[Card, float], str]:
    """Each playable card's value and how it was found (see the module docstring), two seats.

    ``to_win`` (near the end of a game): values are chances to win in [0, 1], depth ``"win"``.
    Otherwise expected net points: ``"table"`` (the lead and its reply) or ``"play"`` (the
    search). The review grades with the expert's own evaluation so that its grades and the
    computer's play agree."""
    opponent = next(other for other in state.seats if other != seat)
    playable = [card for card in state.held[seat] if state.count + card.value <= MAX_COUNT]
    if to_win:
        return chances_to_win(state, seat, opponent), "win"
    kept = state.kept[seat]
    assert kept is not None, "plays are graded in the play, after the throw"
    opening = opening_position_values(
        kept,
        [card for _, card in state.played],
        is_dealer=seat == state.dealer,
        variant=state.options.variant,
    )
    if opening is not None:
        return {card: opening[card.rank] for card in playable}, "table"
    return play_values_from_state(state, seat), "play"


def chances_to_win(state: MatchState, seat: int, opponent: int) -> dict[Card, float]:
    """Each playable card's chance to win the game, as the expert computes it near the end."""
    if state.starter is None:
        raise ValueError("the chance to win needs the starter: grade plays only in the play")
    target = state.options.game_target
    kept = state.kept[seat]
    assert kept is not None, "the starter is cut after the throw"
    reading = read_at_two(
        state.played,
        seat=seat,
        is_dealer=seat == state.dealer,
        count=state.count,
        variant=state.options.variant,
    )
    return chance_values(
        hand=state.held[seat],
        kept=kept,
        opponent_played=tuple(card for who, card in state.played if who == opponent),
        unseen=unseen_cards(state, seat),
        opponent_held=len(state.held[opponent]),
        series=tuple(card for _, card in state.series),
        count=state.count,
        needs=(target - state.scores[seat], target - state.scores[opponent]),
        is_pone=seat != state.dealer,
        starter=state.starter,
        variant=state.options.variant,
        passed={1: reading.passed.get(opponent, 0)},
        declined=reading.declined,
        read_prior=reading.first_card,
    )
