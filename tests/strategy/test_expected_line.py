"""The line the play search expects (games/strategy/expected_line.py): an obvious position,
a brute force over every opponent hand, the go, the target, and hidden cards staying hidden."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from games.engine.cards import Card, parse_card, parse_cards
from games.strategy.expected_line import MOST_STEPS, THEY, YOU, LineStep, expected_lines
from games.strategy.opponent_reading import Reading
from games.strategy.pegging_search import all_opponent_hands, brute_force_values
from tests.strategy.test_pegging_search import small_positions


def _plain(steps: Sequence[LineStep]) -> list[tuple[int, int | None, int, int]]:
    return [(step.seat, step.rank, step.points, step.count) for step in steps]


def test_an_obvious_line_fifteen_then_their_pair_then_the_last_card():
    # The opponent holds one card, a five (both unseen cards are fives): after your five makes
    # 15 they pair it, you lay your nine for 29 and take the last card's point.
    lines = expected_lines(
        hand=parse_cards("5H 9C"),
        unseen=parse_cards("5S 5D"),
        opponent_holds=1,
        series=parse_cards("TC"),
        count=10,
    )
    assert _plain(lines[5]) == [
        (YOU, 5, 2, 15),
        (THEY, 5, 2, 20),
        (YOU, 9, 0, 29),
        (YOU, None, 1, 29),
    ]
    assert lines[5][1].share == 1.0
    # Your nine: 19; their five makes 24; your five pairs it (29) and takes the last card.
    assert _plain(lines[9]) == [
        (YOU, 9, 0, 19),
        (THEY, 5, 0, 24),
        (YOU, 5, 2, 29),
        (YOU, None, 1, 29),
    ]


def test_the_reply_is_the_one_made_most_often_with_its_share():
    # Unseen: three sixes and a king; the opponent holds one. After your nine (count 19) a six
    # makes 25 and a king 29: whichever it holds it lays, the six three times in four.
    lines = expected_lines(
        hand=parse_cards("9C 2H"),
        unseen=parse_cards("6S 6D 6H KS"),
        opponent_holds=1,
        series=parse_cards("TC"),
        count=10,
    )
    reply = lines[9][1]
    assert (reply.seat, reply.rank) == (THEY, 6)
    assert reply.share == pytest.approx(0.75)


def _best_rank(values: dict[Card, float]) -> int:
    best = max(values.values())
    return min(card.rank for card, value in values.items() if value == best)


def _reply(hand: Sequence[Card], mine: list[Card], series: list[Card], count: int, one: bool):
    """The opponent's reply in one hand by brute force: its best rank, None for go."""
    if not any(card.value + count <= 31 for card in hand):
        return None
    return _best_rank(brute_force_values(hand, [mine], series, count, one_series=one))


@pytest.mark.parametrize("seed", [4, 5])
def test_the_first_reply_and_your_answer_equal_a_brute_force(seed):
    checked = 0
    for hand, unseen, theirs, series, count, one in small_positions(seed, 40):
        lines = expected_lines(
            hand=hand,
            unseen=unseen,
            opponent_holds=theirs,
            series=series,
            count=count,
            one_series=one,
        )
        hands = all_opponent_hands(unseen, theirs)
        for card in hand:
            if card.value + count > 31:
                continue
            steps = lines[card.rank]
            after, rest = count + card.value, [other for other in hand if other != card]
            if after == 31:
                assert len(steps) == 1
                continue
            pile = [*series, card]
            replies = [_reply(h, rest, pile, after, one) for h in hands]
            tally: dict[int | None, int] = {}
            for reply in replies:
                tally[reply] = tally.get(reply, 0) + 1
            move = max(tally, key=lambda r: (tally[r], r is not None, -(r or 0)))
            assert steps[1].seat == THEY
            assert steps[1].rank == move, (hand, unseen, series, card)
            assert steps[1].share == pytest.approx(tally[move] / len(hands))
            if move is None:
                continue  # a go (or no cards): checked by the tests below
            left = [
                tuple(_without_rank(h, move))
                for h, reply in zip(hands, replies, strict=True)
                if reply == move
            ]
            now = after + min(move, 10)
            if now == 31 or not any(other.value + now <= 31 for other in rest):
                continue
            pile_after = [*pile, next(c for h in hands for c in h if c.rank == move)]
            mine = _best_rank(brute_force_values(rest, left, pile_after, now, one_series=one))
            assert (steps[2].seat, steps[2].rank) == (YOU, mine), (hand, unseen, series, card)
            checked += 1
    assert checked >= 10  # the positions reach your answer often enough to check it


def _without_rank(cards: Sequence[Card], rank: int) -> list[Card]:
    index = next(i for i, card in enumerate(cards) if card.rank == rank)
    return [*cards[:index], *cards[index + 1 :]]


def test_when_they_cannot_reply_they_go_and_you_play_on_for_the_go():
    # Count 25: the opponent holds a king and a queen (the only unseen cards): nothing fits.
    lines = expected_lines(
        hand=parse_cards("3C AH"),
        unseen=parse_cards("KS QD"),
        opponent_holds=2,
        series=parse_cards("TC 8D 4S"),
        count=22,
    )
    assert _plain(lines[3]) == [
        (YOU, 3, 0, 25),
        (THEY, None, 0, 25),
        (YOU, 1, 0, 26),
        (YOU, None, 1, 26),
    ]
    assert lines[3][1].is_go and lines[3][-1].is_go_point


def test_when_they_have_said_go_only_the_hands_with_nothing_that_fits_are_read():
    # Count 25 and they said go: of the unseen cards only the king and queen do not fit, so
    # their hand is those; without the go a six (29 or 31) would be their likeliest reply.
    common = {
        "hand": parse_cards("3C 2H"),
        "unseen": parse_cards("KS QD 6H 6S 6C 4D"),
        "opponent_holds": 2,
        "series": parse_cards("TC 8D 4C"),
        "count": 22,
    }
    said = expected_lines(**common, they_said_go=True)
    assert said[3][1].is_go and said[3][1].share == 1.0
    assert expected_lines(**common)[3][1].rank is not None


def test_the_line_reads_the_opponent_as_the_values_do():
    # They said go earlier this hand with room for a five: they hold no card worth five or
    # less, so of the unseen cards only the king and queen are theirs, whatever they reply.
    common = {
        "hand": parse_cards("3C 2H"),
        "unseen": parse_cards("KS QD 4D 5H AS"),
        "opponent_holds": 2,
        "series": (),
        "count": 0,
    }
    read = expected_lines(**common, reading=Reading(passed={1: 5}, declined=[], first_card=None))
    assert read[3][1].rank in (12, 13) and read[3][1].share == 1.0
    unread = expected_lines(**common)
    assert unread[3][1].share < 1.0 or unread[3][1].rank not in (12, 13)


def test_reaching_the_target_ends_the_line_with_the_game():
    lines = expected_lines(
        hand=parse_cards("5H 9C"),
        unseen=parse_cards("5S 5D KH"),
        opponent_holds=1,
        series=parse_cards("TC"),
        count=10,
        needs=(2, 50),
    )
    assert len(lines[5]) == 1 and lines[5][0].wins and lines[5][0].points == 2


def test_no_card_fits_no_line_and_lines_stay_short():
    assert (
        expected_lines(
            hand=parse_cards("KH"),
            unseen=parse_cards("AS 2S"),
            opponent_holds=1,
            series=parse_cards("TC TD QS"),
            count=30,
        )
        == {}
    )
    lead = expected_lines(
        hand=parse_cards("AH 2C 3D 4S"),
        unseen=[card for card in parse_cards("AS 2S 3S 4H 5H 6H 7C 8C")],
        opponent_holds=4,
        series=(),
        count=0,
    )
    assert all(len(steps) <= MOST_STEPS + 2 for steps in lead.values())
    assert parse_card("AH").rank in lead
