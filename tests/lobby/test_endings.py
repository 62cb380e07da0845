"""Abandonment claims and rematches: only seated players act, and only when the rules allow."""

from __future__ import annotations

import pytest

from games import engine
from games import services as game_services
from games.models import Match, MatchAction, MatchEvent, Seat
from lobby import services
from lobby.models import Invitation, RematchOffer
from lobby.services import LobbyError
from tests.server.driving import protocol_action
from tests.support import presence

pytestmark = pytest.mark.django_db

OPTIONS = {"variant": "five", "scoring": "manual", "muggins": True, "match_target": 3}


@pytest.fixture
def match(alice, bob):
    """Alice (seat 0) and Bob (seat 1) have just been dealt: the game waits on both to discard."""
    waiting = game_services.match_create(creator=alice, options=OPTIONS)
    return game_services.match_join(match=waiting, user=bob)


@pytest.fixture
def finished(match, bob):
    game_services.match_resign(match_id=match.pk, user=bob)
    match.refresh_from_db()
    return match


def bob_left(match, bob, seconds_ago: float) -> None:
    presence.leaves(bob, match=match, seconds_ago=seconds_ago)


def test_alice_may_claim_the_win_once_bob_has_been_gone_long_enough(match, alice, bob, settings):
    settings.ABANDON_AFTER_SECONDS = 120
    bob_left(match, bob, seconds_ago=121)
    claimed = services.abandonment_claim(match_id=match.pk, user=alice)
    assert claimed.status == Match.Status.FINISHED
    assert claimed.winner_seat == 0
    assert claimed.finish_reason == "abandoned"
    assert engine.MatchState.from_dict(claimed.state).phase == "match_over"


def test_an_abandonment_is_in_the_log_so_a_rebuild_gives_the_same_ending(
    match, alice, bob, settings
):
    settings.ABANDON_AFTER_SECONDS = 0
    bob_left(match, bob, seconds_ago=1)
    claimed = services.abandonment_claim(match_id=match.pk, user=alice)
    actions = [
        engine.action_from_dict(payload)
        for payload in MatchAction.objects.filter(match=claimed)
        .order_by("number")
        .values_list("payload", flat=True)
    ]
    assert engine.action_to_dict(actions[-1]) == {
        "type": "resign",
        "seat": 1,
        "reason": "abandoned",
    }
    rebuilt, events = engine.replay(engine.MatchOptions.from_dict(claimed.options_dict), actions)
    assert rebuilt.to_dict() == claimed.state
    assert rebuilt.end_reason == claimed.finish_reason == "abandoned"
    ended = MatchEvent.objects.get(match=claimed, type="match_ended")
    assert ended.public["reason"] == events[-1].data["reason"] == "abandoned"
    assert engine.view(rebuilt, None)["end_reason"] == "abandoned"


def test_a_claim_before_the_time_is_up_is_refused_and_changes_nothing(match, alice, bob, settings):
    settings.ABANDON_AFTER_SECONDS = 120
    bob_left(match, bob, seconds_ago=60)
    with pytest.raises(LobbyError) as refused:
        services.abandonment_claim(match_id=match.pk, user=alice)
    assert refused.value.code == "opponent_present"
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE and match.finish_reason == ""


def test_a_connected_opponent_cannot_be_claimed_against(match, alice, bob, settings):
    settings.ABANDON_AFTER_SECONDS = 0
    presence.arrives(bob, match=match)
    with pytest.raises(LobbyError, match="once your opponent has been gone"):
        services.abandonment_claim(match_id=match.pk, user=alice)


def test_no_claim_while_the_game_waits_on_the_claimer_alone(match, alice, bob, settings):
    settings.ABANDON_AFTER_SECONDS = 0
    state = engine.MatchState.from_dict(match.state)
    bobs_discard = engine.legal_actions(state, 1)[0]
    game_services.action_apply(match_id=match.pk, user=bob, action=protocol_action(bobs_discard))
    assert engine.seats_to_act(
        engine.MatchState.from_dict(Match.objects.get(pk=match.pk).state)
    ) == {0}
    bob_left(match, bob, seconds_ago=999)
    with pytest.raises(LobbyError) as refused:
        services.abandonment_claim(match_id=match.pk, user=alice)
    assert refused.value.code == "not_waiting_on_opponent"


def test_a_spectator_cannot_claim_or_offer_a_rematch(match, carol, bob, settings):
    settings.ABANDON_AFTER_SECONDS = 0
    bob_left(match, bob, seconds_ago=999)
    with pytest.raises(LobbyError) as refused:
        services.abandonment_claim(match_id=match.pk, user=carol)
    assert refused.value.code == "not_seated"
    game_services.match_resign(match_id=match.pk, user=bob)
    with pytest.raises(LobbyError) as refused:
        services.rematch_offer(match_id=match.pk, user=carol)
    assert refused.value.code == "not_seated"
    assert RematchOffer.objects.count() == 0


def test_a_rematch_needs_both_players_and_keeps_the_options_with_seats_swapped(
    finished, alice, bob
):
    assert services.rematch_offer(match_id=finished.pk, user=alice) is None
    assert (
        services.rematch_offer(match_id=finished.pk, user=alice) is None
    )  # offering twice: still waiting
    new_match = services.rematch_offer(match_id=finished.pk, user=bob)
    assert new_match is not None and new_match.pk != finished.pk
    assert new_match.options_dict == OPTIONS
    assert new_match.status == Match.Status.ACTIVE
    seats = dict(Seat.objects.filter(match=new_match).values_list("number", "user__username"))
    assert seats == {0: "bob", 1: "alice"}
    # Asking again (a second click, a second tab) leads to the same rematch, not a third match.
    assert services.rematch_offer(match_id=finished.pk, user=alice).pk == new_match.pk
    assert Match.objects.count() == 2


def test_no_rematch_before_the_match_is_over(match, alice):
    with pytest.raises(LobbyError) as refused:
        services.rematch_offer(match_id=match.pk, user=alice)
    assert refused.value.code == "match_not_over"


def test_a_rematch_of_a_private_match_stays_private(alice, bob):
    invitation = services.invitation_create(creator=alice, options=OPTIONS)
    services.invitation_accept(token=invitation.token, user=bob)
    game_services.match_resign(match_id=invitation.match_id, user=alice)
    services.rematch_offer(match_id=invitation.match_id, user=bob)
    new_match = services.rematch_offer(match_id=invitation.match_id, user=alice)
    assert Invitation.objects.filter(match=new_match).exists()
    assert new_match.private, "the rematch is hidden from the live list and from strangers"


def test_resigning_through_the_match_server_records_the_reason(match, bob):
    game_services.match_resign(match_id=match.pk, user=bob)
    match.refresh_from_db()
    assert (match.winner_seat, match.finish_reason) == (0, "resigned")


def test_the_rematch_and_claim_forms_need_csrf_tokens(finished, alice):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    strict.force_login(alice)
    assert strict.post(f"/lobby/matches/{finished.pk}/rematch/").status_code == 403
    assert strict.post(f"/lobby/matches/{finished.pk}/claim/").status_code == 403
    assert RematchOffer.objects.count() == 0


def test_resigning_has_one_control_the_tables_two_press_button(client, match, alice):
    client.force_login(alice)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert page.count('id="resign-button"') == 1
    assert "/resign/" not in page and "data-resign" not in page
    assert client.post(f"/lobby/matches/{match.pk}/resign/").status_code == 404
