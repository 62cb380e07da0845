"""The page's match clock (static/js/clock.js): counting down from the server's clock, the
latency estimate, the display and its low-time warning."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

CLOCK = {
    "kind": "realtime",
    "bank": 60,
    "increment": 2,
    "remaining": [30000, 15000],
    "running": [1],
    "since": 1000000,
}


def test_only_a_running_clock_counts_down_from_since_and_never_below_zero(js):
    result = js(
        """
        const { remainingMs, formatClock } = await load("clock.js");
        const clock = arg;
        return [
          remainingMs(clock, 0, 1000000 + 5000), remainingMs(clock, 1, 1000000 + 5000),
          remainingMs(clock, 1, 1000000 + 99999), remainingMs({ ...clock, since: null }, 1, 2e6),
          formatClock(125000), formatClock(9450), formatClock(0), formatClock(60000),
        ];
        """,
        CLOCK,
    )
    assert result == [30000, 10000, 0, 15000, "2:05", "9.4", "0.0", "1:00"]


def test_the_servers_time_is_the_hellos_plus_half_the_median_round_trip(js):
    result = js(
        """
        const { ServerTime } = await load("clock.js");
        const time = new ServerTime();
        time.hello(5000, 1000);  // the server is 4 s ahead of this page
        const before = time.now(2000);
        for (const trip of [100, 300, 120, 5000, 140]) time.roundTrip(trip);
        return [before, time.latency(), time.now(2000)];
        """
    )
    assert result == [6000, 70, 6070]


def test_the_display_marks_the_running_clock_and_warns_once_per_wait_when_yours_runs_low(js):
    result = js(
        """
        const { ClockDisplay, ServerTime } = await load("clock.js");
        const element = document.createElement("div");
        document.body.append(element);
        const time = new ServerTime();
        time.hello(arg.since, Date.now());
        const said = [];
        let warned = 0;
        const display = new ClockDisplay(element, {
          time, name: (seat) => ["alice", "bob"][seat], say: (text) => said.push(text), warn: () => (warned += 1),
        });
        display.render({ viewer: 1, clock: arg });
        display.tick();
        const lines = [...element.children].map((line) => [line.className, line.querySelector(".clock-time").textContent]);
        const label = element.children[1].getAttribute("aria-label");
        display.render({ viewer: 1, clock: { ...arg, running: [] } });
        clearInterval(display.timer);
        const none = new ClockDisplay(element, {});
        none.render({ viewer: 0 });
        return { lines, label, said, warned, hidden: element.hidden };
        """,
        CLOCK,
    )
    assert result["lines"][0] == ["clock", "0:30"]
    assert result["lines"][1][0] == "clock running low"
    assert result["lines"][1][1] in {"0:15", "0:14"}
    assert result["label"].startswith("bob: 1") and result["label"].endswith(", running")
    assert result["said"] == [result["said"][0]] and result["said"][0].startswith("Your clock: 1")
    assert result["warned"] == 1
    assert result["hidden"] is True  # a match without a clock shows none


def test_the_log_the_spoken_line_and_the_result_name_a_loss_on_time_and_a_takeover(js):
    result = js(
        """
        const { describeEvent } = await load("log.js");
        const { announcementFor } = await load("table/announcer.js");
        const { endingLine } = await load("table/result.js");
        const names = ["alice", "bob", "carol"];
        const two = { viewer: 0, names: names.slice(0, 2), seats: [0, 1] };
        const ended = { type: "match_ended", data: { winner: 1, match_scores: [0, 0], reason: "time" } };
        const out = { type: "seat_timed_out", data: { seat: 2, level: "medium" } };
        const name = (seat) => names[seat];
        return [
          describeEvent(ended, two),
          describeEvent(out, { viewer: 0, names, seats: [0, 1, 2] }),
          announcementFor(ended, { name, viewer: 0 }),
          announcementFor(out, { name, viewer: 0 }),
          endingLine({ phase: "match_over", winner: 1, viewer: 0, seats: [0, 1], end_reason: "time" }, name),
          endingLine({ phase: "match_over", winner: 0, viewer: 0, seats: [0, 1], end_reason: "time" }, name),
        ];
        """
    )
    assert result == [
        "bob wins the match on time: your clock ran out.",
        "carol ran out of time: the computer (medium) plays that seat from now on.",
        "bob wins the match on time",
        "carol ran out of time: the computer plays for them",
        "Your clock ran out: you lose on time.",
        "bob's clock ran out: the match is won on time.",
    ]


def test_a_turn_based_clock_reads_and_says_days_and_hours(js):
    result = js(
        """
        const { formatClock, sayClock, lowTimeMs } = await load("clock.js");
        const day = 86400000, hour = 3600000;
        return [
          formatClock(3 * day), formatClock(2 * day + 23 * hour + 59 * 60000),
          formatClock(5 * hour + 12 * 60000), formatClock(59 * 60000),
          sayClock(2 * day + 5 * hour), sayClock(hour + 60000),
          lowTimeMs({ kind: "days", bank: 259200 }), lowTimeMs({ kind: "realtime", bank: 60 }),
        ];
        """,
    )
    assert result == [
        "3 d 0 h",
        "2 d 23 h",
        "5 h 12 min",
        "59:00",
        "2 days 5 hours",
        "1 hour 1 minute",
        6 * 3600000,
        20000,
    ]
