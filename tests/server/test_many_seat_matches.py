"""Tables of three and four: made, filled seat by seat (people or the computer), played to the
end through the services, and refused where they are not offered (rated, the 61 game)."""

from __future__ import annotations

import random

import pytest

from games import services
from games.forms import ComputerMatchForm
from games.models import Match, MatchAction
from games.rules import match_replay
from games.services.recording import load_state
from tests.server.driving import play_random_match, random_move
from tests.support.people import make_user

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_table_of_three_waits_until_its_last_seat_is_taken(alice, bob, carol):
    match = services.match_create(creator=alice, options={"players": 3, "match_target": 1})
    assert match.players == 3 and match.seats.count() == 3
    services.match_join(match=match, user=bob)
    match.refresh_from_db()
    assert match.status == Match.Status.WAITING
    assert load_state(match).phase == "cut_for_deal"
    services.match_join(match=match, user=carol)
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    state = load_state(match)
    assert state.phase == "discard" and [len(hand) for hand in state.held] == [5, 5, 5]
    with pytest.raises(services.ServiceError) as refused:
        services.match_join(match=match, user=make_user("dave"))
    assert refused.value.code == "match_full"


def test_three_people_play_a_whole_game_through_the_services(alice, bob, carol):
    match = services.match_create(creator=alice, options={"players": 3, "match_target": 1})
    for person in (bob, carol):
        services.match_join(match=match, user=person)
    play_random_match(match, random.Random(5))
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert max(load_state(match).scores) >= 121
    # The log rebuilds the match at its own number of seats.
    assert match.options_dict["players"] == 3
    rebuilt, _ = match_replay(match=match)
    assert rebuilt == load_state(match)


@pytest.mark.parametrize("players", [3, 4])
def test_the_computer_takes_every_other_seat_and_plays_its_turns(alice, players):
    match = services.computer_match_create(
        creator=alice, options={"players": players, "match_target": 1}, level="medium"
    )
    seats = list(match.seats.order_by("number"))
    assert [seat.is_bot for seat in seats] == [False] + [True] * (players - 1)
    rng = random.Random(players)
    for _ in range(3000):
        move = random_move(match, rng)
        if move is None:
            break
        seat, action = move
        assert seat == 0, "a computer's seat was left waiting"
        services.action_apply(match_id=match.pk, user=alice, action=action)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    movers = MatchAction.objects.filter(match=match, seat__isnull=False)
    assert set(movers.values_list("seat", flat=True)) == set(range(players))


def test_a_seated_player_fills_the_empty_seats_with_the_computer(alice, bob, mallory):
    match = services.match_create(creator=alice, options={"players": 4, "match_target": 1})
    services.match_join(match=match, user=bob)
    with pytest.raises(services.ServiceError) as refused:
        services.match_fill_with_computer(match=match, user=mallory, level="easy")
    assert refused.value.code == "not_seated"
    services.match_fill_with_computer(match=match, user=bob, level="easy")
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    assert [seat.is_bot for seat in match.seats.order_by("number")] == [False, False, True, True]


def test_a_rated_table_of_three_never_seats_the_computer(alice):
    match = services.match_create(creator=alice, options={"players": 3}, rated=True)
    with pytest.raises(services.ServiceError) as refused:
        services.match_fill_with_computer(match=match, user=alice, level="easy")
    assert refused.value.code == "rated_with_computer"


def test_the_computer_form_offers_three_and_four_players_in_the_121_game_only():
    base = {"level": "hard", "scoring": "auto", "match_target": 1}
    form = ComputerMatchForm(data={**base, "variant": "six", "players": "4"})
    assert form.is_valid(), form.errors
    assert form.options()["players"] == 4
    form = ComputerMatchForm(data={**base, "variant": "five", "players": "3"})
    assert not form.is_valid()
    assert "121" in str(form.errors["variant"])
    assert not ComputerMatchForm(data={**base, "variant": "six", "players": "5"}).is_valid()


def test_a_form_posted_without_players_means_two():
    form = ComputerMatchForm(
        data={"level": "easy", "variant": "five", "scoring": "auto", "match_target": 1}
    )
    assert form.is_valid(), form.errors
    assert form.options()["players"] == 2


def test_the_waiting_page_offers_the_computer_for_the_empty_seats(client, alice, mallory):
    match = services.match_create(creator=alice, options={"players": 3, "match_target": 1})
    client.force_login(alice)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert "Waiting for the other players" in page and 'id="fill-button"' in page
    client.force_login(mallory)
    client.post(f"/matches/{match.pk}/fill/", {"level": "easy"})
    match.refresh_from_db()
    assert match.status == Match.Status.WAITING  # a stranger may not seat the computer
    client.force_login(alice)
    response = client.post(f"/matches/{match.pk}/fill/", {"level": "easy"})
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    assert [seat.display_name for seat in match.seats.order_by("number")] == [
        "alice",
        "Computer (easy)",
        "Computer 2 (easy)",
    ]


def test_the_dealer_takes_six_is_a_three_player_choice_on_the_forms(alice):
    base = {"level": "easy", "variant": "six", "scoring": "auto", "match_target": 1}
    form = ComputerMatchForm(data={**base, "players": "3", "deal": "dealer_six"})
    assert form.is_valid(), form.errors
    match = services.computer_match_create(creator=alice, options=form.options(), level="easy")
    assert match.deal == "dealer_six" and match.options_dict["deal"] == "dealer_six"
    refused = ComputerMatchForm(data={**base, "players": "4", "deal": "dealer_six"})
    assert not refused.is_valid() and "deal" in refused.errors


def test_a_partner_of_the_winner_has_won_on_the_profile(alice, bob, carol):
    from games.player_records import match_record, recent_matches

    dave = make_user("dave")
    match = services.match_create(creator=alice, options={"players": 4, "match_target": 1})
    for person in (bob, carol, dave):
        services.match_join(match=match, user=person)
    services.match_resign(match_id=match.pk, user=bob)  # alice and carol win together
    for person, won in ((alice, 1), (carol, 1), (bob, 0), (dave, 0)):
        six = next(row for row in match_record(user=person) if row.variant == "six")
        assert (six.played, six.won) == (1, won)
    [recent] = recent_matches(user=carol, viewer=carol)
    assert recent.result == "won" and recent.opponent == "bob & dave, with alice as partner"
