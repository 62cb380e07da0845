"""The pure pairing and scoring package, against hand-worked expectations."""

from __future__ import annotations

import itertools
import random

import pytest

from tests.site.test_app_boundaries import is_standard, offenders, within
from tournaments.pairing import (
    PairingImpossible,
    TableResult,
    acc_game_points,
    bracket_first_round,
    bracket_next_round,
    bracket_size,
    duplicate_scores,
    game_margin,
    knockout_qualifiers,
    round_robin_schedule,
    standings_compute,
    swiss_pair,
)


def test_the_pairing_package_imports_only_the_standard_library_and_itself():
    allowed = lambda name: is_standard(name) or within(name, "tournaments.pairing")  # noqa: E731
    assert offenders("tournaments/pairing", allowed) == {}


# Swiss


def test_round_one_pairs_neighbours_in_rank_order():
    result = swiss_pair(list("abcdefgh"), played=[], had_bye=[])
    assert result.pairs == [("a", "b"), ("c", "d"), ("e", "f"), ("g", "h")]
    assert result.bye is None


def test_a_rematch_is_avoided_by_taking_the_next_ranked_player():
    played = [frozenset("ab"), frozenset("cd")]
    result = swiss_pair(list("abcd"), played=played, had_bye=[])
    assert result.pairs == [("a", "c"), ("b", "d")]


def test_the_search_backs_up_when_a_greedy_choice_strands_a_player():
    # a-b is free, but then c and d have met: a must take c, leaving b-d.
    played = [frozenset("cd"), frozenset("ad")]
    result = swiss_pair(list("abcd"), played=played, had_bye=[])
    assert result.pairs == [("a", "c"), ("b", "d")]


def test_the_bye_goes_to_the_lowest_ranked_player_without_one():
    result = swiss_pair(list("abcde"), played=[], had_bye=["e"])
    assert result.bye == "d"
    assert result.pairs == [("a", "b"), ("c", "e")]


def test_a_bye_skips_a_player_whose_bye_would_force_a_rematch():
    # e has no bye yet, but with e out, d has met everyone left: the bye moves up to d.
    played = [frozenset(p) for p in ("da", "db", "dc")]
    result = swiss_pair(list("abcde"), played=played, had_bye=[])
    assert result.bye == "d"
    assert result.pairs == [("a", "b"), ("c", "e")]


def test_no_pairing_without_a_rematch_is_refused():
    played = [frozenset(p) for p in itertools.combinations("abcd", 2)]
    with pytest.raises(PairingImpossible):
        swiss_pair(list("abcd"), played=played, had_bye=[])


def test_seven_rounds_of_eight_never_repeat_and_everyone_plays_each_round():
    rng = random.Random(7)
    players = list(range(8))
    played: set[frozenset] = set()
    score = dict.fromkeys(players, 0)
    for _ in range(5):
        ranked = sorted(players, key=lambda p: (-score[p], p))
        result = swiss_pair(ranked, played=played, had_bye=[])
        seen = [p for pair in result.pairs for p in pair]
        assert sorted(seen) == players
        for a, b in result.pairs:
            assert frozenset((a, b)) not in played
            played.add(frozenset((a, b)))
            score[rng.choice((a, b))] += 1


def test_an_odd_field_gives_each_bye_once_until_everyone_has_had_one():
    players = list("abcde")
    played: set[frozenset] = set()
    byes: list = []
    for _ in range(5):
        result = swiss_pair(players, played=played, had_bye=byes)
        assert result.bye not in byes
        byes.append(result.bye)
        played.update(frozenset(pair) for pair in result.pairs)
    assert sorted(byes) == players


# Round robin


def test_the_circle_method_for_four():
    assert round_robin_schedule(list("abcd")) == [
        [("a", "d"), ("b", "c")],
        [("a", "c"), ("d", "b")],
        [("a", "b"), ("c", "d")],
    ]


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6, 9, 10])
def test_everyone_meets_everyone_once_and_plays_once_per_round(count):
    players = list(range(count))
    rounds = round_robin_schedule(players)
    assert len(rounds) == (count - 1 if count % 2 == 0 else count)
    meetings = []
    for pairs in rounds:
        in_round = [p for pair in pairs for p in pair if p is not None]
        assert sorted(in_round) == players
        meetings += [frozenset(pair) for pair in pairs if None not in pair]
    assert len(meetings) == len(set(meetings)) == count * (count - 1) // 2


def test_an_odd_round_robin_gives_one_bye_per_round_and_byes_come_second():
    rounds = round_robin_schedule(list("abc"))
    byes = [a for pairs in rounds for a, b in pairs if b is None]
    assert sorted(byes) == ["a", "b", "c"]


# Knockout


def test_a_knockout_of_six_gives_byes_to_seeds_one_and_two():
    assert bracket_size(6) == 8
    assert bracket_first_round(6) == [(1, None), (4, 5), (2, None), (3, 6)]


def test_a_full_bracket_of_eight_is_seeded_so_one_and_two_meet_last():
    assert bracket_first_round(8) == [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert bracket_next_round([1, 4, 2, 3]) == [(1, 4), (2, 3)]
    assert bracket_next_round([1, 2]) == [(1, 2)]


@pytest.mark.parametrize("count", range(2, 40))
def test_round_two_always_holds_a_power_of_two(count):
    first = bracket_first_round(count)
    byes = [a for a, b in first if b is None]
    assert len(first) == bracket_size(count) // 2
    assert sorted(byes) == list(range(1, len(byes) + 1))  # the byes are the top seeds
    seeds = sorted(s for pair in first for s in pair if s is not None)
    assert seeds == list(range(1, count + 1))


# ACC and standings


def test_acc_game_points_win_two_skunk_three():
    assert acc_game_points(margin=1) == 2
    assert acc_game_points(margin=30) == 2
    assert acc_game_points(margin=31) == 3
    assert knockout_qualifiers(6) == 2
    assert knockout_qualifiers(8) == 2
    assert knockout_qualifiers(9) == 3


@pytest.mark.parametrize(
    ("winner_score", "loser_score", "target", "margin"),
    [(69, 57, 61, 4), (61, 57, 61, 4), (125, 90, 121, 31), (121, 0, 121, 121)],
)
def test_a_games_margin_is_the_target_minus_the_losers_score(
    winner_score, loser_score, target, margin
):
    """The attack of issue 25 (item 3): 57-69 to 61 was credited 12, not ACC's 4."""
    assert game_margin(winner_score=winner_score, loser_score=loser_score, target=target) == margin


def test_acc_standings_by_game_points_then_games_won_then_spread():
    # Round 1: a beats b by 35 (skunk, 3 points), c beats d by 10.
    # Round 2: a beats c by 5, d beats b by 40 (skunk).
    results = [
        TableResult(1, ("a", "b"), winner=0, points=(61, 26), games=((0, 35),)),
        TableResult(1, ("c", "d"), winner=0, points=(61, 51), games=((0, 10),)),
        TableResult(2, ("a", "c"), winner=0, points=(61, 56), games=((0, 5),)),
        TableResult(2, ("d", "b"), winner=0, points=(61, 21), games=((0, 40),)),
    ]
    table = standings_compute(list("abcd"), results, scoring="acc")
    lines = [(r.player, r.rank, r.score, r.wins, r.spread) for r in table]
    assert lines == [
        ("a", 1, 5, 2, 40),
        ("d", 2, 3, 1, 30),
        ("c", 3, 2, 1, 5),
        ("b", 4, 0, 0, -75),
    ]


def test_a_bye_and_a_forfeit_are_worth_a_win_without_spread():
    results = [
        TableResult(1, ("a", None)),
        TableResult(1, ("b", "c"), winner=1, forfeit=True),
    ]
    table = standings_compute(list("abc"), results)
    assert [(r.player, r.score, r.spread, r.byes) for r in table] == [
        ("a", 1, 0, 1),
        ("c", 1, 0, 0),
        ("b", 0, 0, 0),
    ]
    both_out = TableResult(2, ("b", "c"), winner=None, forfeit=True)
    after = standings_compute(list("abc"), [*results, both_out])
    assert [(r.player, r.score, r.losses) for r in after] == [("a", 1, 0), ("c", 1, 1), ("b", 0, 2)]
    acc = standings_compute(list("abc"), results, scoring="acc")
    assert [(r.player, r.score) for r in acc] == [("a", 2), ("c", 2), ("b", 0)]


def test_ties_share_a_rank_and_the_seeding_orders_them():
    results = [TableResult(1, ("a", "b"), winner=1, points=(50, 61))]
    results.append(TableResult(1, ("c", "d"), winner=1, points=(50, 61)))
    table = standings_compute(list("abcd"), results)
    assert [(r.player, r.rank) for r in table] == [("b", 1), ("d", 1), ("a", 3), ("c", 3)]


def test_head_to_head_breaks_a_tie_on_points_wins_and_spread_before_the_seed():
    """The wrong result of issue 25 (item 4): a and b level on points, wins and spread; b
    beat a, yet a (the better seed) ranked first."""
    results = [
        TableResult(1, ("a", "b"), winner=1, points=(51, 61), games=((1, 10),)),
        TableResult(1, ("c", "d"), winner=0, points=(61, 60), games=((0, 1),)),
        TableResult(2, ("a", "c"), winner=0, points=(61, 46), games=((0, 15),)),
        TableResult(2, ("b", "d"), winner=1, points=(56, 61), games=((1, 5),)),
    ]
    for scoring in ("match", "acc"):
        table = standings_compute(list("abcd"), results, scoring=scoring)
        top = [(r.player, r.score, r.wins, r.spread, r.rank) for r in table[:2]]
        points = 1 if scoring == "match" else 2
        assert top == [("b", points, 1, 5, 1), ("a", points, 1, 5, 2)]


def test_head_to_head_counts_only_games_between_the_tied_players():
    # a and b never met: level on everything, so the seed orders them and they share a rank.
    results = [
        TableResult(1, ("a", "c"), winner=0, points=(61, 51)),
        TableResult(1, ("b", "d"), winner=0, points=(61, 51)),
    ]
    table = standings_compute(list("abcd"), results)
    assert [(r.player, r.rank) for r in table[:2]] == [("a", 1), ("b", 1)]


def test_the_duplicate_score_compares_each_seat_with_the_field_on_the_same_deals():
    # Round 1, three tables on the same decks. Seat 0's net: +20, +10, -30: average 0.
    results = [
        TableResult(1, ("a", "b"), winner=0, points=(61, 41)),
        TableResult(1, ("c", "d"), winner=0, points=(61, 51)),
        TableResult(1, ("e", "f"), winner=1, points=(31, 61)),
    ]
    scores = duplicate_scores(results)
    assert scores == {"a": 20, "b": -20, "c": 10, "d": -10, "e": -30, "f": 30}
    # Round 2 adds to it; a bye counts for nothing.
    results += [
        TableResult(2, ("a", "c"), winner=0, points=(61, 60)),
        TableResult(2, ("b", "e"), winner=0, points=(61, 58)),
        TableResult(2, ("d", None)),
    ]
    scores = duplicate_scores(results)
    assert scores["a"] == 20 + (1 - 2)
    assert scores["b"] == -20 + (3 - 2)
    assert scores["c"] == 10 + (-1 + 2)
    assert scores["d"] == -10


def test_ranking_by_the_duplicate_score_puts_it_first():
    results = [
        TableResult(1, ("a", "b"), winner=0, points=(61, 60)),
        TableResult(1, ("c", "d"), winner=1, points=(41, 61)),
    ]
    # Seat 0 average net: (1 - 20) / 2 = -9.5: a +10.5, c -10.5, b -10.5, d +10.5.
    # a and d tie on it and on wins; d's spread (+20 against +1) puts d first.
    table = standings_compute(list("abcd"), results, by_duplicate=True)
    assert [(r.player, r.duplicate) for r in table] == [
        ("d", 10.5),
        ("a", 10.5),
        ("b", -10.5),
        ("c", -10.5),
    ]


def test_bad_scoring_is_refused():
    with pytest.raises(ValueError):
        standings_compute(["a"], [], scoring="golf")


def test_a_search_past_its_budget_counts_the_round_as_impossible(monkeypatch):
    import tournaments.pairing.swiss as swiss

    # Ten players; the last four have all met each other, so the search backs up a long way.
    played = [frozenset(p) for p in itertools.combinations(range(6, 10), 2)]
    assert swiss_pair(list(range(10)), played=played, had_bye=[]).pairs
    monkeypatch.setattr(swiss, "SEARCH_BUDGET", 3)
    with pytest.raises(PairingImpossible):
        swiss_pair(list(range(10)), played=played, had_bye=[])
