"""Where one level's edge comes from at two, three and four players: single hands, duplicated.

A game to 121 is won or lost by a few points over many hands, so a win rate needs thousands
of games to separate two close levels. This plays single hands instead (the first hand of a
match, from 0 to 0, so no race to the end) on the same shuffles with the seats rotated as
benchmarks/many_seat_strength.py rotates them, and reports the first level's net points a hand
by source (hand, crib, play, heels): at two, its points less the other's; at three, its
points less the mean of the other two seats'; in partnerships, its side's less the other
side's. The net of a group is averaged over its rotations, and the 95% interval is taken over
groups. At two this screens a change to the two-player expert in minutes (4,000 groups, about
a minute on one core) before whole games against the expert as it was (bot_strength.py
``expert expert@COMMIT``) measure it.

Each level is named ``THROW/PLAY`` to mix components (``expert/hard``: the expert's throw with
hard's play), or one level name for both. ``oracle`` as the play is not a level but a ceiling:
it sees every seat's cards and plays the card that is best under full information for its
side (at three its points less half of each opponent's, the measure this prints), searched to
the end of the play; what it gains over a level bounds what any reading of the others' hands
could gain in the play. ``partner`` (partnerships) is the expert's own play with only its
partner's cards in sight; what it gains bounds what any reading of the partner could gain:

    .venv/bin/python benchmarks/many_seat_hands.py expert hard --players 3 --groups 300
    .venv/bin/python benchmarks/many_seat_hands.py expert/hard hard --players 4 --groups 500
    .venv/bin/python benchmarks/many_seat_hands.py expert/oracle expert --players 3 --groups 300
    .venv/bin/python benchmarks/many_seat_hands.py expert/partner expert --players 4 --groups 600
    .venv/bin/python benchmarks/many_seat_hands.py expert expert --players 2 --groups 4000 \
        --first-set games.strategy.opponent_reading.READ_OPENING_AT_TWO=0
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bots import LEVELS, bot_for_level  # noqa: E402
from games.bots import expert_many_seats as many  # noqa: E402
from games.bots.base import SeatView, StrategyBot, read_view  # noqa: E402
from games.bots.simulate import GameRecord  # noqa: E402
from games.engine import (  # noqa: E402
    Action,
    MatchOptions,
    MatchState,
    Play,
    Shuffle,
    apply,
    needs_shuffle,
    new_match,
    seats_to_act,
    shuffled_deck,
    view,
)
from games.engine.cards import Card  # noqa: E402
from games.engine.seating import side_of  # noqa: E402
from games.strategy.pegging_search import Hands, capped_needs, rank_values  # noqa: E402

Z_95 = 1.959964
SOURCES = ("hand", "crib", "play", "heels")


ORACLE = "oracle"
PARTNER = "partner"


def make_bot(name: str) -> StrategyBot | Oracle | PartnerSight:
    """``THROW/PLAY`` or a level name: a bot throwing as the first level and playing as the
    second (at three and four seats the throw is looked up by the bot's level name); a play
    named ``oracle`` sees every hand (:class:`Oracle`), one named ``partner`` its partner's
    (:class:`PartnerSight`)."""
    throw_level, _, play_level = name.partition("/")
    play_level = play_level or throw_level
    sight = play_level if play_level in (ORACLE, PARTNER) else None
    if sight:
        play_level = throw_level
    for level in (throw_level, play_level):
        if level not in LEVELS:
            raise SystemExit(f"unknown level {level!r} in {name!r}")
    bot = replace(bot_for_level(play_level), level=throw_level)
    if sight == ORACLE:
        return Oracle(bot)
    return PartnerSight(bot) if sight == PARTNER else bot


def card_to_choose(seat_view: dict, seat: int) -> SeatView | None:
    """What ``seat`` sees when it is to lay a card and has more than one that fits; None for
    every other decision (a throw, a claim, Muggins, a forced card), which the measures below
    leave to their bot."""
    seen = read_view(seat_view, seat)
    if seen.muggins is not None or seen.claim_subject is not None or seen.can_discard:
        return None
    return seen if len(seen.playable) > 1 else None


@dataclass(frozen=True)
class Oracle:
    """A ceiling, not a player: it plays each card with every seat's hand in sight, the card
    whose value to the end of the play is best when every seat then plays best under full
    information; every other decision is its bot's."""

    bot: StrategyBot

    def choose_in(self, state: MatchState, seat: int, rng: random.Random) -> Action | None:
        seat_view = view(state, seat)
        seen = card_to_choose(seat_view, seat)
        if seen is None:
            return self.bot.choose_action(seat_view, seat, rng)
        players = len(state.seats)
        teams = tuple(side_of(other, players=players) for other in range(players))
        values = rank_values(
            tuple(tuple(sorted(card.rank for card in held)) for held in state.held),
            tuple(card.rank for _, card in state.series),
            state.count,
            seat,
            capped_needs([state.options.game_target - score for score in state.scores], players),
            state.options.variant == "five",
            teams,
            0.5 if players == 3 else 1.0,
        )
        best = max(seen.playable, key=lambda card: (values[card.rank], -card.rank, card))
        return Play(seat, best)


@dataclass(frozen=True)
class PartnerSight:
    """A measure, not a player: in partnerships the expert's play with its partner's cards in
    sight (only the other side's hands are dealt in the search); what it gains over the
    expert bounds what any reading of the partner (its throw, its plays, conventions between
    partners) could gain. Every other decision is its bot's."""

    bot: StrategyBot

    def choose_in(self, state: MatchState, seat: int, rng: random.Random) -> Action | None:
        seat_view = view(state, seat)
        seen = card_to_choose(seat_view, seat)
        if seen is None or len(state.seats) != 4:
            return self.bot.choose_action(seat_view, seat, rng)
        partner = (seat + 2) % 4
        # The expert's play looks its dealer up in its module: swapped there for this card only.
        dealing = getattr(many, "searched_deals")  # noqa: B009
        setattr(many, "searched_deals", partner_in_sight(dealing, partner, state.held[partner]))  # noqa: B010
        try:
            return Play(seat, many.expert_many_play(seen, rng))
        finally:
            setattr(many, "searched_deals", dealing)  # noqa: B010


def partner_in_sight(
    dealing: Callable[..., list[tuple[Hands, float]]], partner: int, held: tuple[Card, ...]
) -> Callable[..., list[tuple[Hands, float]]]:
    """``dealing`` (:func:`games.strategy.pegging_search.searched_deals`, as the expert's play
    calls it) with ``partner`` holding ``held`` in every deal: its cards are no longer unseen,
    nothing is dealt to it and its passes are not read; the rest of the play is the expert's
    own, so the measure differs from the expert by the partner's cards alone."""
    ranks = tuple(sorted(card.rank for card in held))

    def deals(**position: Any) -> list[tuple[Hands, float]]:
        counts = list(position["held_counts"])
        counts[partner] = 0
        passed = position.get("passed")
        dealt = dealing(
            **{
                **position,
                "unseen": [card for card in position["unseen"] if card not in held],
                "held_counts": counts,
                "passed": None
                if passed is None
                else {seat: room for seat, room in passed.items() if seat != partner},
            }
        )
        return [
            (tuple(ranks if seat == partner else hand for seat, hand in enumerate(hands)), weight)
            for hands, weight in dealt
        ]

    return deals


Setting = tuple[object, str, float]
FIRST_SETTINGS: list[Setting] = []
"""Module constants set only while the first level decides (``--first-set``)."""


def _parse_setting(setting: str) -> Setting:
    target, _, value = setting.partition("=")
    module_name, _, name = target.rpartition(".")
    module = importlib.import_module(module_name)
    if not hasattr(module, name):
        raise SystemExit(f"{module_name} has no {name}")
    return module, name, type(getattr(module, name))(value)


def _apply(settings: list[Setting]) -> list[Setting]:
    """Set each constant and return what restores them."""
    previous = []
    for module, name, value in settings:
        previous.append((module, name, getattr(module, name)))
        setattr(module, name, value)
    return previous


@dataclass(frozen=True)
class Tuned:
    """A bot that decides with :data:`FIRST_SETTINGS` in force, and only then."""

    bot: StrategyBot

    def choose_action(self, seat_view: dict, seat: int, rng: random.Random) -> Action | None:
        previous = _apply(FIRST_SETTINGS)
        try:
            return self.bot.choose_action(seat_view, seat, rng)
        finally:
            _apply(previous)


def _tuned(bot: StrategyBot | Oracle | PartnerSight) -> StrategyBot | Oracle | PartnerSight | Tuned:
    """The first level's bot, deciding under ``--first-set`` (an oracle keeps the defaults)."""
    return bot if isinstance(bot, Oracle | PartnerSight) else Tuned(bot)


def play_hand(
    bots: list[StrategyBot | Oracle | PartnerSight | Tuned],
    players: int,
    seed: int,
    scores: tuple[int, ...] | None = None,
) -> GameRecord:
    """The first hand of a match between ``bots`` on the shuffles of ``seed``, points tallied;
    with ``scores`` (by seat) the game starts from them and is played to its end instead."""
    state = new_match(MatchOptions(players=players, match_target=1))
    if scores is not None:
        state = replace(state, scores=scores)
    deck_rng = random.Random(seed)
    rngs = [random.Random(seed * 7 + seat) for seat in range(players)]
    record = GameRecord(winner=-1, scores=(), points=[dict.fromkeys(SOURCES, 0) for _ in bots])
    dealer = None
    hands = 0
    while state.phase != "match_over":
        action: Action | None = None
        if needs_shuffle(state):
            if hands and scores is None:
                break
            action = Shuffle(shuffled_deck(deck_rng))
        else:
            for seat in sorted(seats_to_act(state)):
                bot = bots[seat]
                if isinstance(bot, Oracle | PartnerSight):
                    action = bot.choose_in(state, seat, rngs[seat])
                else:
                    action = bot.choose_action(view(state, seat), seat, rngs[seat])
                if action is not None:
                    break
            if action is None:
                raise RuntimeError(f"no bot acted in phase {state.phase!r}")
        state, events = apply(state, action)
        for event in events:
            if event.type == "hand_started":
                dealer = event.data["dealer"]
            record.tally(event, dealer)
        hands = record.hands
    if state.phase == "match_over":
        assert state.winner is not None
        record.winner = state.winner
    return record


def endgame_scores(players: int, seed: int, low: int, high: int) -> tuple[int, ...]:
    """Each side's score drawn from ``low..high`` (partners share theirs), by seat."""
    rng = random.Random(f"endgame {seed}")
    sides = [rng.randint(low, high) for _ in range(2 if players == 4 else players)]
    return tuple(sides[side_of(seat, players=players)] for seat in range(players))


def group_endgame(
    first: str, second: str, players: int, seed: int, low: int, high: int
) -> dict[str, float]:
    """The first level's share of the wins over one group's rotations, every game started
    from the same scores by seat (so each level plays each seat's score and position)."""
    seatings = range(players) if players != 4 else (0, 1)
    scores = endgame_scores(players, seed, low, high)
    won = 0.0
    for placed in seatings:
        ours = _ours(players, placed)
        names = [first if seat in ours else second for seat in range(players)]
        bots = [
            _tuned(make_bot(name)) if seat in ours else make_bot(name)
            for seat, name in enumerate(names)
        ]
        record = play_hand(bots, players, seed, scores)
        won += (record.winner in ours) / len(seatings)
    return {"wins": won}


def _ours(players: int, placed: int) -> list[int]:
    if players != 4:
        return [placed]
    return [seat for seat in range(4) if side_of(seat, players=4) == placed]


def group_net(first: str, second: str, players: int, seed: int) -> dict[str, float]:
    """The first level's net points by source over one group's rotations, averaged."""
    seatings = range(players) if players != 4 else (0, 1)
    net = dict.fromkeys(SOURCES, 0.0)
    for placed in seatings:
        if players != 4:
            names = [first if seat == placed else second for seat in range(players)]
            ours = [placed]
        else:
            names = [first if side_of(seat, players=4) == placed else second for seat in range(4)]
            ours = [seat for seat in range(4) if side_of(seat, players=4) == placed]
        bots = [
            _tuned(make_bot(name)) if seat in ours else make_bot(name)
            for seat, name in enumerate(names)
        ]
        record = play_hand(bots, players, seed)
        for source in SOURCES:
            mine = sum(record.points[seat][source] for seat in ours)
            others = [record.points[seat][source] for seat in range(players) if seat not in ours]
            theirs = statistics.fmean(others) if players == 3 else sum(others)
            net[source] += (mine - theirs) / len(seatings)
    return net


def _record(path: str | None, seeds: list[int], rows: list[dict[str, float]]) -> None:
    """Each group's seed and result, one JSON line a group, so that two runs on the same seeds
    can be compared group by group (a paired difference has a far narrower interval)."""
    if path:
        with open(path, "w") as out:
            for seed, row in zip(seeds, rows, strict=True):
                out.write(json.dumps({"seed": seed, **row}) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=3)
    parser.add_argument("--groups", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--endgame",
        type=int,
        nargs=2,
        metavar=("LOW", "HIGH"),
        default=None,
        help="start every game from scores in LOW..HIGH and play it out: report win shares",
    )
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="MODULE.NAME=VALUE",
        help="override a module constant for the run (a number), to try a setting",
    )
    parser.add_argument(
        "--first-set",
        action="append",
        default=[],
        metavar="MODULE.NAME=VALUE",
        help="override a module constant only while the first level decides",
    )
    parser.add_argument(
        "--record", metavar="FILE", help="write each group's result (one JSON line) to FILE"
    )
    args = parser.parse_args()
    for setting in args.set:
        print(f"set {setting} for both levels")
        _apply([_parse_setting(setting)])
    for setting in args.first_set:
        FIRST_SETTINGS.append(_parse_setting(setting))
        print(f"set {setting} for the first level only")
    started = time.perf_counter()
    seeds = [args.seed * 10**6 + group for group in range(args.groups)]
    if args.endgame:
        low, high = args.endgame
        wins = [
            group_endgame(args.first, args.second, args.players, seed, low, high)["wins"]
            for seed in seeds
        ]
        _record(args.record, seeds, [{"wins": won} for won in wins])
        mean = statistics.fmean(wins)
        half = Z_95 * statistics.stdev(wins) / math.sqrt(len(wins))
        print(
            f"{args.first} against {args.second}, {args.players} players, {len(wins)} groups "
            f"from scores {low}..{high}: wins {mean:.3f} ± {half:.3f} "
            f"({time.perf_counter() - started:.0f} s)"
        )
        return
    rows = [group_net(args.first, args.second, args.players, seed) for seed in seeds]
    _record(args.record, seeds, rows)
    seconds = time.perf_counter() - started
    print(f"{args.first} against {args.second}, {args.players} players, {len(rows)} groups")
    totals = [sum(row.values()) for row in rows]
    for name, values in [*((s, [row[s] for row in rows]) for s in SOURCES), ("total", totals)]:
        mean = statistics.fmean(values)
        half = Z_95 * statistics.stdev(values) / math.sqrt(len(values))
        print(f"  {name:6s} {mean:+.3f} ± {half:.3f} points a hand")
    print(f"  {seconds:.0f} s")


if __name__ == "__main__":
    main()
