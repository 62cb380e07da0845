"""Friend requests: sent, accepted, declined, withdrawn, refused (self, guests, blocks, floods)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser

from social import selectors
from social.errors import SocialError
from social.models import FriendRequest, Friendship
from social.services import friends, safety

pytestmark = pytest.mark.django_db


def test_a_request_accepted_makes_two_friends_and_tells_both_in_turn(alice, bob, notices):
    request = friends.friend_request_send(sender=alice, to=bob)
    assert [(n.kind, n.recipient_id) for n in notices] == [("friend_request", bob.pk)]
    friends.friend_request_accept(user=bob, request_id=request.pk)
    assert selectors.are_friends(alice.pk, bob.pk)
    assert [(n.kind, n.recipient_id) for n in notices][1] == ("friend_accepted", alice.pk)
    assert [row["user"] for row in selectors.friends_of(user=alice)] == [bob]


def test_two_people_asking_each_other_become_friends_at_once(alice, bob):
    friends.friend_request_send(sender=alice, to=bob)
    friends.friend_request_send(sender=bob, to=alice)
    assert selectors.are_friends(alice.pk, bob.pk)
    assert not FriendRequest.objects.filter(status=FriendRequest.Status.PENDING).exists()


def test_asking_twice_is_refused_and_stores_one_request(alice, bob):
    friends.friend_request_send(sender=alice, to=bob)
    with pytest.raises(SocialError) as refused:
        friends.friend_request_send(sender=alice, to=bob)
    assert refused.value.code == "request_pending"
    assert FriendRequest.objects.count() == 1


def test_a_request_to_yourself_is_refused(alice):
    with pytest.raises(SocialError) as refused:
        friends.friend_request_send(sender=alice, to=alice)
    assert refused.value.code == "own_request"
    assert FriendRequest.objects.count() == 0


def test_guests_have_no_friends_either_way(alice, guest):
    with pytest.raises(SocialError) as refused:
        friends.friend_request_send(sender=guest, to=alice)
    assert refused.value.code == "guest"
    with pytest.raises(SocialError) as refused:
        friends.friend_request_send(sender=alice, to=guest)
    assert refused.value.code == "guest_has_no_friends"
    assert FriendRequest.objects.count() == 0


def test_anonymous_visitors_are_refused(alice):
    with pytest.raises(SocialError) as refused:
        friends.friend_request_send(sender=AnonymousUser(), to=alice)
    assert refused.value.code == "not_authenticated"


def test_a_blocked_player_is_refused_in_the_same_words_as_anyone_not_taking_requests(alice, bob):
    safety.block_add(user=alice, other=bob)
    with pytest.raises(SocialError) as refused:
        friends.friend_request_send(sender=bob, to=alice)
    assert refused.value.code == "not_taking_requests"
    assert "block" not in refused.value.message.lower()
    with pytest.raises(SocialError):
        friends.friend_request_send(sender=alice, to=bob)
    assert FriendRequest.objects.count() == 0


def test_a_flood_of_requests_is_cut_off_by_the_rate_limit(alice, settings):
    from tests.support.people import make_user

    settings.FRIEND_REQUESTS_PER_WINDOW = 3
    people = [make_user(f"person{number}") for number in range(5)]
    for person in people[:3]:
        friends.friend_request_send(sender=alice, to=person)
    with pytest.raises(SocialError) as refused:
        friends.friend_request_send(sender=alice, to=people[3])
    assert refused.value.code == "rate_limited"
    assert refused.value.status == 429
    assert FriendRequest.objects.count() == 3


def test_only_the_asked_may_answer_and_only_once(alice, bob, mallory):
    request = friends.friend_request_send(sender=alice, to=bob)
    with pytest.raises(SocialError) as refused:
        friends.friend_request_accept(user=mallory, request_id=request.pk)
    assert refused.value.code == "not_yours"
    with pytest.raises(SocialError):
        friends.friend_request_accept(user=alice, request_id=request.pk)
    friends.friend_request_decline(user=bob, request_id=request.pk)
    with pytest.raises(SocialError) as refused:
        friends.friend_request_accept(user=bob, request_id=request.pk)
    assert refused.value.code == "request_closed"
    assert not selectors.are_friends(alice.pk, bob.pk)


def test_the_asker_may_withdraw_but_nobody_else(alice, bob):
    request = friends.friend_request_send(sender=alice, to=bob)
    with pytest.raises(SocialError):
        friends.friend_request_cancel(user=bob, request_id=request.pk)
    friends.friend_request_cancel(user=alice, request_id=request.pk)
    with pytest.raises(SocialError) as refused:
        friends.friend_request_accept(user=bob, request_id=request.pk)
    assert refused.value.code == "request_closed"


def test_unfriending_ends_it_and_unfriending_a_stranger_is_refused(friends, mallory):
    alice, bob = friends
    from social.services.friends import friend_remove

    friend_remove(user=bob, other=alice)
    assert Friendship.objects.count() == 0
    with pytest.raises(SocialError) as refused:
        friend_remove(user=alice, other=mallory)
    assert refused.value.code == "not_friends"


def test_blocking_a_friend_ends_the_friendship_and_pending_requests(friends, carol):
    alice, bob = friends
    from social.services.friends import friend_request_send

    friend_request_send(sender=carol, to=alice)
    safety.block_add(user=alice, other=bob)
    safety.block_add(user=alice, other=carol)
    assert not selectors.are_friends(alice.pk, bob.pk)
    assert not FriendRequest.objects.filter(status=FriendRequest.Status.PENDING).exists()
