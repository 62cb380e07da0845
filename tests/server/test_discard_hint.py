"""GET /matches/<id>/hint.json: the best throws, only for the seat whose cards they are, only
in casual games against the computer, only while that seat chooses its discard."""

from __future__ import annotations

import pytest
from django.test import Client

from games import services
from games.hints import HINT_THROWS, HintRefused, discard_hint_get
from games.models import Match
from games.services.recording import load_state
from games.strategy.analysis import analyze_discard
from tests.tournaments.conftest import tournament_full
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db(transaction=True)


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def computer_match(alice):
    """Alice against the easy computer, one game, her six cards dealt."""
    return services.computer_match_create(creator=alice, options={"match_target": 1}, level="easy")


def test_the_hint_is_the_analysis_best_throws_for_alices_cards(computer_match, alice):
    state = load_state(Match.objects.get(pk=computer_match.pk))
    expected = analyze_discard(state.held[0], is_dealer=state.dealer == 0)[:HINT_THROWS]
    response = client_for(alice).get(f"/matches/{computer_match.pk}/hint.json")
    assert response.status_code == 200
    body = response.json()
    assert body["throws"] == [throw.to_dict() for throw in expected]
    assert (body["seat"], body["is_dealer"]) == (0, state.dealer == 0)
    assert set(body["throws"][0]["discard"]) <= {str(card) for card in state.held[0]}


def test_a_spectator_and_a_visitor_are_refused(computer_match, carol):
    watched = client_for(carol).get(f"/matches/{computer_match.pk}/hint.json")
    assert (watched.status_code, watched.json()["error"]) == (403, "hint_not_seated")
    anonymous = Client().get(f"/matches/{computer_match.pk}/hint.json")
    assert (anonymous.status_code, anonymous.json()["error"]) == (403, "hint_not_seated")


def test_a_stranger_is_refused_by_the_selector_too(computer_match, mallory):
    with pytest.raises(HintRefused) as refused:
        discard_hint_get(match=computer_match, user=mallory)
    assert refused.value.code == "hint_not_seated"


def test_a_match_between_people_never_gets_a_hint(match, alice, bob):
    for person in (alice, bob):
        response = client_for(person).get(f"/matches/{match.pk}/hint.json")
        assert (response.status_code, response.json()["error"]) == (403, "hint_not_casual")


def test_a_rated_match_against_the_computer_gets_no_hint(computer_match, alice):
    Match.objects.filter(pk=computer_match.pk).update(rated=True)
    response = client_for(alice).get(f"/matches/{computer_match.pk}/hint.json")
    assert (response.status_code, response.json()["error"]) == (403, "hint_results_count")
    assert "rated" in response.json()["message"]


def test_a_casual_tournament_table_against_the_computer_gets_no_hint(alice, bob, carol):
    """The attack of issue 25 (item 6): a casual tournament, its odd seat filled by the
    computer; the person at that table asked for the best throws and got them."""
    tournament_full(
        alice, [alice, bob, carol], kind="swiss", rounds=1, computers_fill=True, variant="six"
    )
    table = Match.objects.get(seats__is_bot=True)
    assert Pairing.objects.filter(match=table).exists() and not table.rated
    person = table.seats.get(is_bot=False).user
    client = client_for(person)
    response = client.get(f"/matches/{table.pk}/hint.json")
    assert (response.status_code, response.json()["error"]) == (403, "hint_results_count")
    assert "tournament" in response.json()["message"]
    page = client.get(f"/matches/{table.pk}/")
    assert page.context["hint_offered"] is False


def test_no_hint_once_alice_has_thrown(computer_match, alice):
    state = load_state(Match.objects.get(pk=computer_match.pk))
    throw = [str(card) for card in state.held[0][:2]]
    services.action_apply(
        match_id=computer_match.pk, user=alice, action={"type": "discard", "cards": throw}
    )
    response = client_for(alice).get(f"/matches/{computer_match.pk}/hint.json")
    assert (response.status_code, response.json()["error"]) == (409, "hint_not_discarding")
    assert "discard" in response.json()["message"]


def test_an_unknown_match_is_not_found(alice):
    response = client_for(alice).get("/matches/999999/hint.json")
    assert (response.status_code, response.json()["error"]) == (404, "match_not_found")
