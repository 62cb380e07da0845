"""The guard of the whole sync protocol (Zulip's verify_action idea), over random full matches.

For every action, for each seat and a spectator: the frames that viewer is sent for that action,
applied with the reference reducer to its previous view, give exactly its new view; and nothing
it is sent reveals a card it may not know.
"""

from __future__ import annotations

import random
import uuid
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import engine, selectors, services
from games.models import Match, MatchEvent, Shuffle
from games.services.clocks import clock_check_run
from games.services.recording import load_state
from tests.server.driving import random_move, users_by_seat
from tests.server.leaks import leaks
from tests.support.people import make_user

OPTIONS = [
    {"match_target": 1},
    {"variant": "five", "match_target": 2},
    {"scoring": "manual", "muggins": True, "match_target": 1},
    {"variant": "five", "scoring": "manual", "match_target": 1},
]


def frames_after(match: Match, seq: int, seat: int | None) -> list[dict]:
    return [
        selectors.event_frame(event=event, seat=seat)
        for event in selectors.match_events_since(match=match, seq=seq)
    ]


def check_match(options: dict, seed: int, clock: engine.TimeControl | None = None) -> None:
    """``clock``: a timed match, where now and then a running clock runs out (the durable check
    ends the match on time, or the computer takes the seat at three and four)."""
    rng = random.Random(seed)
    tag = uuid.uuid4().hex[:8]
    players = options.get("players", 2)
    people = [make_user(f"{name}-{tag}") for name in ("alice", "bob", "carol", "dave")[:players]]
    match = services.match_create(creator=people[0], options=options, clock=clock)
    viewers = (*range(players), None)
    views = {seat: selectors.match_view(match=match, seat=seat) for seat in viewers}
    received: dict = {seat: [] for seat in viewers}
    seq = 0
    for person in people[1:]:  # frames from the first seat taken on, the last starting the match
        services.match_join(match=match, user=person)
    users = users_by_seat(match)
    while True:
        match = Match.objects.get(pk=match.pk)
        for seat in viewers:
            frames = frames_after(match, seq, seat)
            assert [frame["seq"] for frame in frames] == list(range(seq + 1, match.last_seq + 1))
            for frame in frames:
                views[seat] = engine.reduce_view(views[seat], frame["event"])
            received[seat] += frames
            assert views[seat] == selectors.match_view(match=match, seat=seat), (seat, frames)
        seq = match.last_seq
        if clock is not None and match.clock_running and rng.random() < 0.05:
            spent = match.clock_since - timedelta(milliseconds=max(match.clock_remaining) + 1)
            Match.objects.filter(pk=match.pk).update(clock_since=spent)
            assert clock_check_run(match_id=match.pk, seq=seq)
            continue
        move = random_move(match, rng)
        if move is None:
            break
        seat, action = move
        if seat in selectors.seats_out_of_time(match):  # the computer plays it now
            services.action_apply_for_seat(match_id=match.pk, seat=seat, action=action)
        else:
            services.action_apply(match_id=match.pk, user=users[seat], action=action)
    decks = dict(Shuffle.objects.filter(match=match).values_list("number", "deck"))
    hand_size = engine.MatchOptions.from_dict(match.options_dict).hand_size
    for seat in viewers:
        found = leaks(received[seat], seat=seat, decks=decks, hand_size=hand_size, seats=players)
        assert found == []
    assert MatchEvent.objects.filter(match=match).count() == match.last_seq
    assert load_state(match).phase == "match_over"


@pytest.mark.django_db
@settings(
    max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(options=st.sampled_from(OPTIONS), seed=st.integers(0, 10**6))
def test_each_viewers_frames_carry_its_old_view_to_its_new_view_and_leak_nothing(options, seed):
    check_match(options, seed)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "options",
    [
        {"players": 3, "deal": "dealer_six", "match_target": 1},
        {"players": 4, "scoring": "manual", "muggins": True, "match_target": 1},
    ],
    ids=["three-players", "four-players-manual-muggins"],
)
def test_at_tables_of_three_and_four_every_seat_and_a_spectator_fold_their_frames_unleaked(
    options,
):
    """Partners never see each other's hands: each seat may know only its own deal."""
    check_match(options, seed=17)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("options", "seed"),
    [({"match_target": 1}, 3), ({"match_target": 1}, 5), ({"players": 3, "match_target": 1}, 7)],
    ids=["two-players", "two-players-again", "three-players"],
)
def test_the_clock_folds_from_the_frames_through_increments_and_time_outs(options, seed):
    """The clock is part of every view: folding the ``clock_changed`` frames keeps it exact,
    through running out (two seats: the match ends; three: the computer takes the seat)."""
    check_match(options, seed, clock=engine.TimeControl("realtime", 60, 2))


def test_the_leak_check_catches_an_opponents_card_sent_too_early():
    deck = [str(card) for card in engine.full_deck()]
    frames = [
        {"type": "event", "seq": 1, "event": {"type": "shuffle_committed", "data": {"shuffle": 1}}},
        {
            "type": "event",
            "seq": 2,
            "event": {"type": "hand_started", "data": {"dealer": 1, "cards": deck[0:12:2]}},
        },
        {
            "type": "event",
            "seq": 3,
            "event": {"type": "discarded", "data": {"seat": 1, "cards": [deck[1], deck[3]]}},
        },
    ]
    assert leaks(frames, seat=0, decks={1: deck}, hand_size=6) == [
        f"seq 3: discarded shows {sorted([deck[1], deck[3]])} to seat 0"
    ]
    early = [
        frames[0],
        {
            "type": "event",
            "seq": 2,
            "event": {"type": "shuffle_revealed", "data": {"shuffle": 1, "deck": deck}},
        },
    ]
    assert leaks(early, seat=0, decks={1: deck}, hand_size=6) == [
        "seq 2: deck 1 revealed before its hand was over"
    ]
    hello = {
        "fairness": {"shuffle": 1},
        "view": {
            "dealer": 1,
            "cuts": None,
            "starter": None,
            "played": [],
            "shown": [],
            "cards": [deck[1]],
        },
    }
    assert leaks([], seat=0, decks={1: deck}, hand_size=6, hello=hello) == [
        f"hello shows ['{deck[1]}'] to seat 0"
    ]


def test_a_sync_from_the_last_event_is_an_empty_answer_from_one_small_query(
    match, django_assert_num_queries
):
    match.refresh_from_db()
    with django_assert_num_queries(1):
        answer = selectors.match_sync(match_id=match.pk, seat=0, seq=match.last_seq)
    assert answer == {"type": "synced", "seq": match.last_seq, "events": []}


def test_a_sync_from_further_back_replays_what_the_viewer_missed(match):
    match.refresh_from_db()
    answer = selectors.match_sync(match_id=match.pk, seat=None, seq=match.last_seq - 3)
    assert answer["type"] == "synced"
    assert answer["events"] == frames_after(match, match.last_seq - 3, None)
    assert [frame["seq"] for frame in answer["events"]] == [
        match.last_seq - 2,
        match.last_seq - 1,
        match.last_seq,
    ]


def test_a_sync_for_a_match_that_does_not_exist_is_refused(db):
    with pytest.raises(Match.DoesNotExist):
        selectors.match_sync(match_id=987654, seat=None, seq=0)
