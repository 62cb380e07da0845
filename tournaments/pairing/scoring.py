"""Results into standings: match wins or ACC game points, spread, and the duplicate score.

A table's result names its two players (seat 0 first), who won, the points each scored over
the match's games and each game's winner and margin. From them:

- match scoring (Swiss, round robin, knockout): a win, a forfeit won or a bye is 1 point;
- ACC scoring: each game a win is 2 game points, a skunk (a win by 31 or more) 3, a loss 0;
  a bye or a forfeit won is one game won for 2 game points and no spread;
- spread: the winner of each game gets +margin, the loser -margin, where the margin is the
  target (121 or 61) minus the loser's score (ACC's rule: the game ends in the game hole, so
  points a count would have carried the winner past the target count for nothing);
- duplicate score: with duplicate deals every table of a round plays the same decks, so a
  player's points for minus against is compared with the average of everyone who held the same
  seat of those decks that round; the sum over the rounds is the duplicate score.

Standings sort by score, then games won, then spread (ACC's order), then head-to-head among
the players still level (wins against each other), then the duplicate score, then the seeding
order the caller passes (rating, or registration); or, when the tournament ranks by it, by the
duplicate score first.

>>> acc_game_points(margin=31)
3
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

SKUNK_MARGIN = 31
ACC_WIN, ACC_SKUNK = 2, 3


def acc_game_points(*, margin: int) -> int:
    """Game points for winning a game by ``margin``: 2, or 3 for a skunk (31 or more)."""
    return ACC_SKUNK if margin >= SKUNK_MARGIN else ACC_WIN


def game_margin(*, winner_score: int, loser_score: int, target: int) -> int:
    """A game's margin for the spread: the target minus the loser's score.

    The engine stops the winner's pegs in the game hole, so a game recorded under it has the
    winner on the target; a game recorded before it may show the winner past it (69 to 57 in a
    game to 61), and still counts only to the target.

    >>> game_margin(winner_score=69, loser_score=57, target=61)
    4
    """
    return min(winner_score, target) - loser_score


def knockout_qualifiers(players: int) -> int:
    """How many go on from an ACC session to its knockout: the top quarter, rounded up."""
    return math.ceil(players / 4)


@dataclass(frozen=True)
class TableResult:
    """One finished table. ``players[1] is None`` is a bye for ``players[0]``.

    ``winner``: 0 or 1, the index in ``players`` (None: both forfeited, both lose); ``points``: each seat's points over the
    match's games; ``games``: ``(winner index, margin)`` per game played; ``forfeit``: won
    without play (a no-show), so no points, margin or duplicate score count.
    """

    round: int
    players: tuple[Any, Any]
    winner: int | None = 0
    points: tuple[int, int] = (0, 0)
    games: tuple[tuple[int, int], ...] = ()
    forfeit: bool = False

    @property
    def is_bye(self) -> bool:
        return self.players[1] is None

    @property
    def played(self) -> bool:
        """Cards were played: the result counts for spread and the duplicate score."""
        return not self.is_bye and not self.forfeit


@dataclass
class Standing:
    """One player's line of the standings."""

    player: Any
    rank: int = 0
    score: int = 0
    wins: int = 0
    losses: int = 0
    spread: int = 0
    duplicate: float = 0.0
    byes: int = 0
    opponents: list = field(default_factory=list)


def duplicate_scores(results: Iterable[TableResult]) -> dict[Any, float]:
    """Each player's sum over rounds of (points for - against) minus the field's average for
    the same seat of the same round's deals. Byes and forfeits count for nothing."""
    by_seat: dict[tuple[int, int], list[tuple[Any, int]]] = defaultdict(list)
    for result in results:
        if not result.played:
            continue
        net = result.points[0] - result.points[1]
        by_seat[(result.round, 0)].append((result.players[0], net))
        by_seat[(result.round, 1)].append((result.players[1], -net))
    scores: dict[Any, float] = defaultdict(float)
    for entries in by_seat.values():
        average = sum(net for _, net in entries) / len(entries)
        for player, net in entries:
            scores[player] += net - average
    return dict(scores)


def _head_to_head_wins(rows, results: list[TableResult], merit) -> dict[Any, int]:
    """Each player's wins against the players level with them on ``merit``: among tied
    players, the one who beat the others ranks first. A game won (ACC) or a match won counts;
    a forfeit won between them counts as a win, a bye or a double forfeit not at all."""
    level: dict[Any, tuple] = {row.player: merit(row) for row in rows}
    wins: dict[Any, int] = dict.fromkeys(level, 0)
    for result in results:
        if result.is_bye or result.winner is None:
            continue
        first, second = result.players
        if level[first] != level[second]:
            continue
        if result.games and not result.forfeit:
            for game_winner, _ in result.games:
                wins[result.players[game_winner]] += 1
        else:
            wins[result.players[result.winner]] += 1
    return wins


def standings_compute(
    seeded: Sequence[Any],
    results: Iterable[TableResult],
    *,
    scoring: str = "match",
    by_duplicate: bool = False,
) -> list[Standing]:
    """The standings of ``seeded`` (every entrant, in seeding order) after ``results``.

    ``scoring``: "match" (a win is 1) or "acc" (game points). ``by_duplicate``: the duplicate
    score ranks first. Equal lines share a rank.
    """
    if scoring not in ("match", "acc"):
        raise ValueError(f"scoring is 'match' or 'acc', not {scoring!r}")
    results = list(results)
    rows = {player: Standing(player=player) for player in seeded}
    for result in results:
        first, second = result.players
        if result.winner is None:  # both forfeited: a loss each
            rows[first].losses += 1
            rows[second].losses += 1
            rows[first].opponents.append(second)
            rows[second].opponents.append(first)
            continue
        if result.is_bye or result.forfeit:
            winner = result.players[result.winner]
            row = rows[winner]
            row.score += ACC_WIN if scoring == "acc" else 1
            row.wins += 1
            row.byes += 1 if result.is_bye else 0
            if not result.is_bye:
                loser = result.players[1 - result.winner]
                rows[loser].losses += 1
                row.opponents.append(loser)
                rows[loser].opponents.append(winner)
            continue
        rows[first].opponents.append(second)
        rows[second].opponents.append(first)
        if scoring == "acc":
            for game_winner, margin in result.games:
                winner_row = rows[result.players[game_winner]]
                loser_row = rows[result.players[1 - game_winner]]
                winner_row.score += acc_game_points(margin=margin)
                winner_row.wins += 1
                loser_row.losses += 1
                winner_row.spread += margin
                loser_row.spread -= margin
        else:
            rows[result.players[result.winner]].score += 1
            rows[result.players[result.winner]].wins += 1
            rows[result.players[1 - result.winner]].losses += 1
            net = result.points[0] - result.points[1]
            rows[first].spread += net
            rows[second].spread -= net
    for player, value in duplicate_scores(results).items():
        rows[player].duplicate = round(value, 2)
    seed_index = {player: index for index, player in enumerate(seeded)}

    def merit_before_head_to_head(row: Standing) -> tuple[float, ...]:
        merit: tuple[float, ...] = (row.score, row.wins, row.spread)
        return (row.duplicate, *merit) if by_duplicate else merit

    head_to_head = _head_to_head_wins(rows.values(), results, merit_before_head_to_head)

    def ranking_key(row: Standing) -> tuple[float, ...]:
        merit: tuple[float, ...] = (*merit_before_head_to_head(row), head_to_head[row.player])
        if not by_duplicate:
            merit = (*merit, row.duplicate)
        return tuple(-value for value in merit)

    ordered = sorted(rows.values(), key=lambda row: (ranking_key(row), seed_index[row.player]))
    previous = None
    for position, row in enumerate(ordered, start=1):
        key = ranking_key(row)
        row.rank = position if key != previous else ordered[position - 2].rank
        previous = key
    return ordered
