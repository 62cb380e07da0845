"""Parsing client frames and the per-connection token bucket, without a socket."""

from __future__ import annotations

import pytest

from games.protocol import ClientMessage, ProtocolError, parse_frame
from kernel.socket_limits import TokenBucket


def test_it_normalises_cards_and_keeps_the_action_id():
    message = parse_frame('{"type": "discard", "cards": ["10h", "js"], "action_id": "c-1"}')
    assert message == ClientMessage(
        type="discard", action_id="c-1", action={"type": "discard", "cards": ["TH", "JS"]}
    )


def test_it_never_takes_a_seat_from_the_client():
    message = parse_frame('{"type": "play", "card": "5H", "seat": 1}')
    assert message.action == {"type": "play", "card": "5H"}


def test_a_player_cannot_say_their_own_resignation_was_an_abandonment():
    # Only the lobby's abandonment claim, after checking presence, ends a match as "abandoned".
    message = parse_frame('{"type": "resign", "reason": "abandoned"}')
    assert message.action == {"type": "resign"}


def test_an_error_echoes_a_valid_action_id():
    with pytest.raises(ProtocolError) as refused:
        parse_frame('{"type": "play", "card": "ZZ", "action_id": "p9"}')
    assert (refused.value.code, refused.value.action_id) == ("bad_card", "p9")


@pytest.mark.parametrize("points", [-1, 30, 2.5, True, None])
def test_it_refuses_claims_that_are_not_whole_points_in_range(points):
    with pytest.raises(ProtocolError) as refused:
        parse_frame(f'{{"type": "claim", "points": {__import__("json").dumps(points)}}}')
    assert refused.value.code == "bad_field"


def test_a_frame_over_the_limit_in_bytes_is_refused_even_when_short_in_characters():
    with pytest.raises(ProtocolError) as refused:
        parse_frame('{"type": "ping", "pad": "' + "é" * 2100 + '"}')
    assert refused.value.code == "frame_too_large"


def test_the_bucket_allows_a_burst_then_refills_with_time():
    bucket = TokenBucket(capacity=3, rate=2, updated=100.0)
    assert [bucket.take(now=100.0) for _ in range(4)] == [True, True, True, False]
    assert bucket.take(now=100.4) is False
    assert bucket.take(now=100.6) is True
    assert bucket.take(now=200.0) and bucket.tokens == 2


def test_a_discard_of_one_card_passes_the_frame_check_and_is_left_to_the_engine():
    # Three or four players throw one card each; the engine knows how many this seat owes.
    message = parse_frame('{"type": "discard", "cards": ["5h"]}')
    assert message.action == {"type": "discard", "cards": ["5H"]}


@pytest.mark.parametrize("cards", ["[]", '["5H", "6H", "7H"]', '"5H"'])
def test_it_refuses_a_discard_of_no_cards_or_more_than_any_game_throws(cards):
    with pytest.raises(ProtocolError) as refused:
        parse_frame(f'{{"type": "discard", "cards": {cards}}}')
    assert refused.value.code == "bad_field"
