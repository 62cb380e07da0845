"""reducer.js is the browser's copy of games/engine/reducer.py: same inputs, same outputs.

Random engine matches (every variant and scoring mode) are played in Python; each viewer's
events are folded through reducer.js in Chromium, and every view it makes must equal the
Python reducer's, and, at the end of each action, the engine's own view for that viewer
(the verify_action idea: events carry a viewer exactly from its old view to its new one).
"""

from __future__ import annotations

import json
import random
from datetime import timedelta

import pytest

from games import selectors, services
from games.engine import MatchOptions, reduce_view, view
from games.engine.options import TimeControl
from games.models import Match
from games.services.clocks import clock_check_run
from tests.engine.random_play import ALL_OPTIONS, random_match
from tests.server.driving import random_move, users_by_seat
from tests.support.people import make_user

pytestmark = pytest.mark.browser

# Each view is written out as it is made (a later event cannot change what an earlier one
# gave) and all come back as one JSON text: one string, not thousands, through Playwright.
FOLD = """
const { reduceView } = await load("reducer.js");
let current = arg.start;
const views = [];
for (const step of arg.steps) {
  for (const event of step) {
    current = reduceView(current, event);
    views.push(JSON.stringify(current));
  }
}
return `[${views.join(",")}]`;
"""


def fold(js, start, steps) -> list:
    """The views reducer.js makes from ``start`` through each event of ``steps``, in order."""
    return json.loads(js(FOLD, {"start": start, "steps": steps}))


def normal(data) -> str:
    return json.dumps(data, sort_keys=True)


@pytest.mark.parametrize(
    "options",
    ALL_OPTIONS,
    ids=lambda o: (
        f"{o.variant}-{o.scoring}-muggins{o.muggins}-to{o.match_target}"
        + ("-turn-based" if o.turn_based else "")
    ),
)
def test_reducer_js_folds_every_event_exactly_as_the_python_reducer(js, options):
    steps = list(random_match(options, seed=100 + ALL_OPTIONS.index(options)))
    for seat in (0, 1, None):
        start = view(steps[0].before, seat)
        events = [[event.for_viewer(seat) for event in step.events] for step in steps]
        js_views = fold(js, start, events)

        python_view = start
        position = 0
        for step, step_events in zip(steps, events, strict=True):
            for event in step_events:
                python_view = reduce_view(python_view, event)
                assert normal(js_views[position]) == normal(python_view), (
                    f"seat {seat}: reducer.js differs after event {position} ({event['type']})"
                )
                position += 1
            assert normal(python_view) == normal(view(step.after, seat)), (
                f"seat {seat}: the events of {step.action} do not carry the view to the engine's"
            )
        assert position == len(js_views)


def test_reducer_js_leaves_the_old_view_untouched_and_ignores_server_only_events(js):
    result = js(
        """
        const { reduceView } = await load("reducer.js");
        const old = arg;
        const copy = JSON.stringify(old);
        const same = reduceView(old, { type: "player_joined", data: { seat: 1, name: "bob" } });
        const next = reduceView(old, { type: "go", data: { seat: 1 } });
        return { untouched: JSON.stringify(old) === copy, same: same === old, go: next.go };
        """,
        view(next(iter(random_match(ALL_OPTIONS[0], seed=1))).after, 0),
    )
    assert result == {"untouched": True, "same": True, "go": [False, True]}


MANY_SEAT_OPTIONS = [
    MatchOptions(players=players, scoring=scoring, muggins=muggins, match_target=2)
    for players in (3, 4)
    for scoring, muggins in (("auto", False), ("manual", True))
] + [
    MatchOptions(players=3, deal="dealer_six", match_target=2),
    MatchOptions(players=4, scoring="manual", muggins=True, match_target=1, turn_based=True),
]


@pytest.mark.parametrize(
    "options",
    MANY_SEAT_OPTIONS,
    ids=lambda o: (
        f"{o.players}-players-{o.scoring}-{o.deal}" + ("-turn-based" if o.turn_based else "")
    ),
)
def test_reducer_js_folds_three_and_four_seat_matches_exactly_as_the_python_reducer(js, options):
    # The discard size, the crib's card from the deck and Muggins by any opponent all come
    # from the view's options and seats, in both reducers.
    steps = list(random_match(options, seed=200 + MANY_SEAT_OPTIONS.index(options)))
    for seat in (*steps[0].before.seats, None):
        start = view(steps[0].before, seat)
        events = [[event.for_viewer(seat) for event in step.events] for step in steps]
        js_views = iter(fold(js, start, events))
        python_view = start
        for step, step_events in zip(steps, events, strict=True):
            for event in step_events:
                python_view = reduce_view(python_view, event)
                assert normal(next(js_views)) == normal(python_view), (
                    f"seat {seat}: reducer.js differs after {event['type']}"
                )
            assert normal(python_view) == normal(view(step.after, seat))
        assert next(js_views, None) is None


@pytest.mark.django_db
def test_reducer_js_folds_a_timed_matchs_clock_frames_as_the_server_keeps_the_clock(js):
    """A real timed match through the services: its ``clock_changed`` frames, folded by
    reducer.js, give every viewer the clock the server's view holds, up to its end on time."""
    alice, bob = make_user("alice"), make_user("bob")
    match = services.match_create(
        creator=alice, options={"match_target": 1}, clock=TimeControl("realtime", 60, 2)
    )
    starts = {seat: selectors.match_view(match=match, seat=seat) for seat in (0, 1, None)}
    match = services.match_join(match=match, user=bob)
    users = users_by_seat(match)
    rng = random.Random(4)
    for _ in range(6):
        seat, action = random_move(match, rng)
        services.action_apply(match_id=match.pk, user=users[seat], action=action)
    match = Match.objects.get(pk=match.pk)
    Match.objects.filter(pk=match.pk).update(clock_since=match.clock_since - timedelta(minutes=2))
    assert clock_check_run(match_id=match.pk, seq=match.last_seq)
    match = Match.objects.get(pk=match.pk)
    for seat, start in starts.items():
        frames = selectors.match_events_since(match=match, seq=0)
        events = [selectors.event_for_viewer(event=frame, seat=seat) for frame in frames]
        assert "clock_changed" in {event["type"] for event in events}
        final = fold(js, start, [events])[-1]
        assert final["clock"] == selectors.match_view(match=match, seat=seat)["clock"]
        assert final["end_reason"] == "time"
