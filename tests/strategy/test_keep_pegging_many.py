"""The kept cards' play points at three and four: what its script makes, and what a person
would expect of them."""

from __future__ import annotations

import json

import pytest

from games.engine.cards import parse_cards
from games.strategy import keep_pegging_many
from games.strategy.keep_likelihood import rank_key
from games.strategy.keep_pegging_many import kept_play_points
from tests.strategy.bot_tables_script import load_script


def stored():
    return json.loads(keep_pegging_many.DATA_FILE.read_text())


def test_the_stored_entries_are_what_the_script_plays():
    """Every entry has its own seed: play a few again, at both tables and several seats."""
    data = stored()
    script = load_script()
    assert data["samples"] >= 200
    for players, name in keep_pegging_many.TABLES.items():
        for role, ranks in ((0, (1, 2, 3, 4)), (players - 1, (5, 5, 10, 13)), (1, (7, 8, 8, 9))):
            expected = script.kept_play_points(ranks, role, players, data["samples"], data["seed"])
            assert data[name][role][rank_key(ranks)] == expected, (players, role, ranks)


def test_every_hand_and_seat_has_an_entry():
    data = stored()
    multisets = {rank_key(ranks) for ranks in load_script().kept_multisets()}
    assert len(multisets) == 1820
    for players, name in keep_pegging_many.TABLES.items():
        assert len(data[name]) == players
        for role in range(players):
            assert set(data[name][role]) == multisets
            assert all(len(points) == players for points in data[name][role].values())


@pytest.mark.parametrize("players", [3, 4])
def test_the_points_look_like_the_play(players):
    """Every seat pegs something, and low cards peg more than four high cards from any seat."""
    data = stored()[keep_pegging_many.TABLES[players]]
    for role in range(players):
        table = data[role]
        mean_by_seat = [
            sum(points[seat] for points in table.values()) / len(table) for seat in range(players)
        ]
        assert all(0.8 < mean < 5.0 for mean in mean_by_seat), mean_by_seat
        low = kept_play_points(parse_cards("AH 2S 3D 4C"), players=players, role=role)
        high = kept_play_points(parse_cards("TH JS QD KC"), players=players, role=role)
        assert low[role] > high[role]


def test_bad_requests_are_refused():
    with pytest.raises(ValueError):
        kept_play_points(parse_cards("AH 2S 3D"), players=3, role=0)
    with pytest.raises(ValueError):
        kept_play_points(parse_cards("AH 2S 3D 4C"), players=2, role=0)
    with pytest.raises(ValueError):
        kept_play_points(parse_cards("AH 2S 3D 4C"), players=3, role=3)
