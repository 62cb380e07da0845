"""Small pure parts of the table (static/js/table/*.js, chat.js): badges by duty, how a match
ended, what is announced and the announcer that never lets a line linger (on a fake clock), and
the presence notice that speaks only when its meaning changes, and the other players' hands,
redrawn only when their counts change."""

from __future__ import annotations

import pytest

from tests.js.conftest import FAKE_CLOCK

pytestmark = pytest.mark.browser

VIEW = """
const base = {
  phase: "play", viewer: 0, seats: [0, 1], discarded: [true, true], turn: null,
  pending_claim: null, muggins: null, go: [false, false], winner: null, end_reason: null,
};
const view = (changes) => ({ ...base, ...changes });
const names = (badges) => badges.map(([, text]) => text);
"""


@pytest.mark.parametrize(
    "changes, seat0, seat1",
    [
        ({"phase": "discard", "discarded": [False, True]}, ["To discard"], []),
        ({"turn": 1}, [], ["To play"]),
        ({"pending_claim": {"seat": 0, "subject": "play"}}, ["To claim"], []),
        ({"pending_claim": {"seat": 0, "subject": "heels"}}, ["To claim"], []),
        ({"phase": "show", "pending_claim": {"seat": 1, "subject": "hand"}}, [], ["To count"]),
        ({"phase": "show", "pending_claim": {"seat": 0, "subject": "crib"}}, ["To count"], []),
        (
            {
                "phase": "show",
                "pending_claim": {"seat": 0, "subject": "hand"},
                "muggins": {"seat": 1},
            },
            ["To count"],
            ["Muggins window"],
        ),
        ({"turn": 0, "go": [False, True]}, ["To play"], ["Go"]),
        # The engine still remembers the go once the play is over: no badge for it then.
        ({"phase": "show", "go": [False, True]}, [], []),
        ({"phase": "match_over", "turn": 0}, [], []),
    ],
)
def test_each_seat_is_labelled_by_what_it_must_do(js, changes, seat0, seat1):
    result = js(
        VIEW
        + """
        const { seatBadges } = await load("table/seat-zones.js");
        const shown = view(arg);
        return [names(seatBadges(shown, 0)), names(seatBadges(shown, 1))];
        """,
        changes,
    )
    assert result == [seat0, seat1]


def test_the_result_says_how_a_match_ended_without_points(js):
    result = js(
        VIEW
        + """
        const { endingLine } = await load("table/result.js");
        const name = (seat) => ["alice", "bob"][seat];
        const over = (winner, reason, viewer) => view({ phase: "match_over", winner, end_reason: reason, viewer });
        return [
          endingLine(over(0, "resigned", 0), name),
          endingLine(over(0, "resigned", 1), name),
          endingLine(over(0, "abandoned", 0), name),
          endingLine(over(1, "abandoned", 0), name),
          endingLine(over(0, "points", 0), name),
        ];
        """
    )
    assert result == [
        "The match ended by bob's resignation.",
        "The match ended by your resignation.",
        "bob left the table while the game waited on them, and the win was claimed.",
        "You left the table while the game waited on you, and the win was claimed.",
        None,
    ]


ANNOUNCER = (
    FAKE_CLOCK
    + """
const { Announcer } = await load("table/announcer.js");
const element = document.createElement("div");
document.body.append(element);
const announcer = new Announcer(element, { holdMs: 80, fastMs: 20, lingerMs: 150 });
"""
)


def test_a_line_already_said_is_cleared_when_the_phase_changes(js):
    result = js(
        ANNOUNCER
        + """
        announcer.say("Starter: ace of spades");
        clock.advance(80);  // said and held: now only lingering
        const before = element.textContent;
        announcer.phaseChanged();  // the next hand's discard
        return [before, element.textContent];
        """
    )
    assert result == ["Starter: ace of spades", ""]


def test_a_line_still_being_held_is_not_cut_short_and_the_last_line_goes_by_itself(js):
    result = js(
        ANNOUNCER
        + """
        announcer.say("Crib: fifteen two");
        announcer.phaseChanged();  // the next hand is dealt in the same burst
        const seen = [element.textContent];
        clock.advance(79);
        seen.push(element.textContent);  // still held
        clock.advance(1);
        seen.push(element.textContent);  // held in full, now lingering
        clock.advance(149);
        seen.push(element.textContent);  // the last moment of lingering
        clock.advance(1);
        seen.push(element.textContent);
        return seen;
        """
    )
    line = "Crib: fifteen two"
    assert result == [line, line, line, line, ""]


def test_lines_queued_before_a_phase_change_hurry(js):
    result = js(
        ANNOUNCER
        + """
        for (const text of ["one", "two", "three"]) announcer.say(text, { urgency: 2 });  // shows
        announcer.phaseChanged();
        const seen = [];
        for (const step of [79, 1, 19, 1, 19, 1]) {
          clock.advance(step);
          seen.push(element.textContent);
        }
        return seen;
        """
    )
    # "one" is held in full (80 ms); "two" and "three" hurry (20 ms each), then "three" lingers.
    assert result == ["one", "two", "two", "three", "three", "three"]


def test_announcements_agree_with_you_and_with_a_name(js):
    result = js(
        """
        const { announcementFor } = await load("table/announcer.js");
        const name = (seat) => (seat === 0 ? "You" : "bob");
        const shown = (seat, kind) => ({ type: "hand_shown", data: { seat, kind, cards: ["5H", "JD"], total: null } });
        const say = (event) => announcementFor(event, { name, viewer: 0 });
        return [
          say(shown(0, "hand")),
          say(shown(0, "crib")),
          say(shown(1, "hand")),
          say(shown(1, "crib")),
          say({ type: "game_ended", data: { winner: 0, skunk: null } }),
          say({ type: "match_ended", data: { winner: 1 } }),
        ];
        """
    )
    assert result == [
        "You show: five of hearts and jack of diamonds",
        "You show the crib: five of hearts and jack of diamonds",
        "bob shows: five of hearts and jack of diamonds",
        "bob shows the crib: five of hearts and jack of diamonds",
        "You win the game",
        "bob wins the match",
    ]


def test_with_partners_the_line_under_the_board_names_the_winning_side(js):
    result = js(
        """
        const { announcementFor } = await load("table/announcer.js");
        const names = ["You", "Computer", "carol", "Computer 3"];
        const name = (seat) => names[seat];
        const say = (event) => announcementFor(event, { name, viewer: 0, seats: [0, 1, 2, 3] });
        return [
          say({ type: "game_ended", data: { winner: 2, skunk: null } }),
          say({ type: "match_ended", data: { winner: 1, reason: "resigned" } }),
          say({ type: "match_ended", data: { winner: 3, reason: "time" } }),
        ];
        """
    )
    assert result == [
        "You & carol win the game",
        "Computer & Computer 3 win the match by resignation",
        "Computer & Computer 3 win the match on time",
    ]


def test_the_presence_notice_speaks_only_when_its_meaning_changes(js):
    result = js(
        """
        const { PresenceNotice } = await load("chat.js");
        const shown = document.createElement("p");
        const spoken = document.createElement("p");
        const notice = new PresenceNotice(shown, spoken);
        const said = [];
        const shownTexts = new Set();
        let writes = 0;
        const render = (away) => {
          const before = spoken.textContent;
          const node = spoken.firstChild;
          notice.render(away, 120);
          if (spoken.textContent !== before || spoken.firstChild !== node) {
            writes += 1;
            said.push(spoken.textContent);
          }
          shownTexts.add(shown.textContent);
        };
        render(null);
        for (let second = 0; second <= 125; second += 1) render(second);
        render(null);
        return { said, writes, shown: shownTexts.size, states: notice.state };
        """
    )
    assert result["said"] == [
        "Your opponent lost their connection. If they are not back within 2 minutes, you may claim the win.",
        "You may now claim the win: your opponent has not come back.",
        "Your opponent is back at the table.",
    ]
    assert result["writes"] == 3, "the status region is written only at those moments"
    assert result["shown"] > 100, "the visible countdown still ticks every second"
    assert result["states"] == "present"


def test_the_other_seats_come_from_the_view_not_from_one_minus_the_seat(js):
    result = js(
        VIEW
        + """
        const { otherSeats } = await load("seats.js");
        const { endingLine } = await load("table/result.js");
        const { describeEvent } = await load("log.js");
        const name = (seat) => ["alice", "bob", "carol"][seat];
        const three = { seats: [0, 1, 2] };
        const resigned = (seats) => view({ phase: "match_over", winner: 0, end_reason: "resigned", viewer: 2, seats });
        const abandoned = (names) => describeEvent(
          { type: "match_ended", data: { winner: 0, reason: "abandoned", match_scores: [1, 0, 0].slice(0, names.length) } },
          { viewer: 0, names },
        );
        return {
          others: [otherSeats(three, 1), otherSeats(three, null), otherSeats({ seats: [0, 1] }, 0)],
          endings: [endingLine(resigned([0, 1]), name), endingLine(resigned([0, 1, 2]), name)],
          log: [abandoned(["alice", "bob"]), abandoned(["alice", "bob", "carol"])],
        };
        """
    )
    assert result["others"] == [[0, 2], [0, 1, 2], [1]]
    assert result["endings"] == [
        "The match ended by bob's resignation.",
        "The match ended by a resignation.",
    ]
    assert result["log"] == [
        "You win the match: bob left the game.",
        "You win the match: a player left the game.",
    ]


def test_a_crib_names_the_viewer_s_own_throw_and_counts_the_rest(js):
    result = js(
        """
        const { cribDescription } = await load("table/hands.js");
        return [
          cribDescription("Your", ["5H", "KS"], 4),
          cribDescription("bob's", ["AD"], 4),
          cribDescription("Your", ["5H", "KS"], 2),
          cribDescription("bob's", [], 3),
        ];
        """
    )
    assert result == [
        "Your crib: five of hearts, king of spades and 2 unknown",
        "bob's crib: ace of diamonds and 3 unknown",
        "Your crib: five of hearts and king of spades",
        "bob's crib (3)",
    ]


def test_the_piles_short_names_differ_and_none_is_cut_for_a_family_of_computers(js):
    result = js(
        """
        const { shortNames } = await load("table/seat-marks.js");
        const four = ["Guest-a8d380", "Computer (easy)", "Computer 2 (easy)", "Computer 3 (easy)"];
        const three = ["ann", "Computer (hard)", "Computer 2 (hard)"];
        const strangers = ["Annabelle", "Annabella", "bob"];
        return [
          shortNames([0, 1, 2, 3], (seat) => four[seat]),
          shortNames([0, 1, 2], (seat) => three[seat]),
          shortNames([0, 1, 2], (seat) => strangers[seat]),
        ];
        """
    )
    assert result == [
        {"0": "Gues…", "1": "Comp 1", "2": "Comp 2", "3": "Comp 3"},
        {"0": "ann", "1": "Comp 1", "2": "Comp 2"},
        {"0": "Anna… 1", "1": "Anna… 2", "2": "bob"},
    ]


def test_another_players_hand_is_redrawn_only_when_its_count_changes(js):
    """Every event renders the table: the other hand's backs stay the same elements while its
    count stands (no restyle and repaint of them), and are drawn anew, each a whole picture of
    its own, when a card leaves it."""
    result = js(
        """
        const { Hands } = await load("table/hands.js");
        const far = document.createElement("div");
        far.id = "hand-far";
        document.body.append(far);
        const table = {
          $: (id) => document.getElementById(id), view: { held_counts: [4, 4] },
          name: (seat) => ["alice", "bob"][seat], nearSeat: 0, actions: {},
          lanes: () => [["near", 0], ["far", 1]],
        };
        const hands = new Hands(table);
        hands.renderFarHand();
        const first = far.firstElementChild;
        hands.renderFarHand();
        const kept = far.firstElementChild === first && far.children.length === 4;
        table.view = { held_counts: [4, 3] };
        hands.renderFarHand();
        return {
          kept,
          replaced: far.firstElementChild !== first,
          count: far.children.length,
          label: far.getAttribute("aria-label"),
          pictures: [...far.children].map((back) => back.querySelectorAll("svg rect").length),
        };
        """
    )
    assert result["kept"] and result["replaced"]
    assert result["count"] == 3 and result["label"] == "bob holds 3 cards"
    assert result["pictures"] == [3, 3, 3], "each back is a whole copy of the picture"
