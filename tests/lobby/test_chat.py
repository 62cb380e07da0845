"""Chat lines are cleaned, length-limited, rate-limited and stored; rooms keep spectators apart."""

from __future__ import annotations

import pytest

from games import services as game_services
from lobby import selectors, services
from lobby.models import ChatMessage
from lobby.services import LobbyError
from lobby.services.chat import clean_chat_text

pytestmark = pytest.mark.django_db


def test_a_message_is_stored_and_returned_as_typed(alice):
    sent = services.chat_post(user=alice, room="lobby", text="  good <b>luck</b> & have fun ")
    assert sent["text"] == "good <b>luck</b> & have fun"
    assert sent["author"] == "alice"
    assert ChatMessage.objects.get().text == "good <b>luck</b> & have fun"


def test_control_and_direction_override_characters_are_dropped():
    assert clean_chat_text("hi\x00 there\u202e!\nbye") == "hi there! bye"


@pytest.mark.parametrize("text", ["", "   ", "\u200b\u202e", None, 42, ["hi"]])
def test_empty_or_non_text_messages_are_refused(alice, text):
    with pytest.raises(LobbyError):
        services.chat_post(user=alice, room="lobby", text=text)
    assert ChatMessage.objects.count() == 0


def test_a_message_over_the_limit_is_refused_whole(alice, settings):
    settings.CHAT_MAX_LENGTH = 10
    services.chat_post(user=alice, room="lobby", text="x" * 10)
    with pytest.raises(LobbyError) as refused:
        services.chat_post(user=alice, room="lobby", text="x" * 11)
    assert refused.value.code == "message_too_long"
    assert ChatMessage.objects.count() == 1


def test_sending_too_fast_is_refused_and_not_stored(alice, bob, settings):
    settings.CHAT_MESSAGES_PER_WINDOW = 3
    for number in range(3):
        services.chat_post(user=alice, room="lobby", text=f"message {number}")
    with pytest.raises(LobbyError) as refused:
        services.chat_post(user=alice, room="lobby", text="one too many")
    assert refused.value.code == "rate_limited"
    services.chat_post(user=bob, room="lobby", text="bob has his own allowance")
    assert ChatMessage.objects.count() == 4


def test_someone_arriving_gets_the_last_messages_oldest_first(alice, settings):
    settings.CHAT_HISTORY_SIZE = 3
    settings.CHAT_MESSAGES_PER_WINDOW = 100
    for number in range(5):
        services.chat_post(user=alice, room="lobby", text=f"line {number}")
    assert [m["text"] for m in selectors.chat_recent(room="lobby")] == [
        "line 2",
        "line 3",
        "line 4",
    ]


def test_players_and_spectators_of_a_match_have_separate_rooms(alice, bob, carol):
    match = game_services.match_create(creator=alice, options={"match_target": 1})
    game_services.match_join(match=match, user=bob)
    assert selectors.match_chat_room(match=match, user=alice) == f"match-{match.pk}-players"
    assert selectors.match_chat_room(match=match, user=bob) == f"match-{match.pk}-players"
    assert selectors.match_chat_room(match=match, user=carol) == f"match-{match.pk}-spectators"


def test_anonymous_visitors_cannot_chat(db):
    from django.contrib.auth.models import AnonymousUser

    with pytest.raises(LobbyError) as refused:
        services.chat_post(user=AnonymousUser(), room="lobby", text="hello")
    assert refused.value.code == "not_authenticated"
