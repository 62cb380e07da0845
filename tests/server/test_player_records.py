"""A player's record counts a win for every seat on the winner's side, as the engine seats them
(``games.engine.seating``): the database's count and the per-match check agree at 2, 3 and 4."""

from __future__ import annotations

import pytest

from games import services
from games.models import Match
from games.player_records import match_record, seat_won
from tests.support.people import make_user

pytestmark = pytest.mark.django_db


def finished(people, *, winner_seat: int) -> Match:
    match = services.match_create(creator=people[0], options={"players": len(people)})
    for person in people[1:]:
        services.match_join(match=match, user=person)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED, winner_seat=winner_seat)
    match.refresh_from_db()
    return match


def wins(user) -> int:
    return sum(record.won for record in match_record(user=user))


@pytest.mark.parametrize(
    "players, winner_seat",
    [(players, seat) for players in (2, 3, 4) for seat in range(players)],
)
def test_the_winners_side_and_only_it_is_credited(players, winner_seat):
    people = [make_user(f"player{number}") for number in range(players)]
    match = finished(people, winner_seat=winner_seat)
    expected = {winner_seat}
    if players == 4:
        expected = {winner_seat % 2, winner_seat % 2 + 2}  # partners sit opposite
    for seat in match.seats.all():
        assert seat_won(match, seat.number) == (seat.number in expected)
        assert wins(seat.user) == (1 if seat.number in expected else 0)
