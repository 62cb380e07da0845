"""What the table says and logs (static/js/speech.js, static/js/log.js)."""

from __future__ import annotations

import pytest

from games.engine import parse_card, parse_cards, score_play, score_show

pytestmark = pytest.mark.browser


def items_of(result):
    return [
        {"kind": item.kind, "cards": [str(c) for c in item.cards], "points": item.points}
        for item in result.items
    ]


def say(js, items):
    return js('const { sayItems } = await load("speech.js"); return sayItems(arg);', items)


@pytest.mark.parametrize(
    "pile, said",
    [
        ("7H 8D", "fifteen two"),
        ("4H 4S 4D", "pair royal for six"),
        ("5H 5S 5D 5C", "double pair royal for twelve"),
        ("3H 5S 4D 6C", "run of four"),
        ("KH 6D 2C 2H", "a pair for two"),
        ("KH QS 9C 2H", "thirty-one for two"),
        ("7H 4S 4D", "fifteen two and a pair is four"),
        ("5H 5S 5D", "fifteen two and pair royal is eight"),
        ("KH 4S", "no points"),
    ],
)
def test_the_play_is_announced_as_players_say_it(js, pile, said):
    assert say(js, items_of(score_play(parse_cards(pile)))) == said


def test_the_show_is_counted_aloud_with_a_running_total(js):
    result = score_show(parse_cards("5H 5S JD 4C"), parse_card("6D"))
    said = say(js, items_of(result))
    assert said.startswith("fifteen two, fifteen four")
    assert result.total == 17  # four fifteens, a pair, a double run of three, nobs
    assert said == (
        "fifteen two, fifteen four, fifteen six, fifteen eight, a pair is ten, "
        "a run of three is thirteen, a run of three is sixteen and one for his nobs is seventeen"
    )


def test_the_go_point_and_the_last_card_are_named(js):
    said = js(
        'const { sayGo } = await load("speech.js"); return [sayGo({ last: false }), sayGo({ last: true })];'
    )
    assert said == ["one for the go", "one for last"]


def test_log_lines_name_the_viewer_as_you_and_others_by_name(js):
    context = {"viewer": 0, "names": ["alice", "bob"]}
    lines = js(
        """
        const { describeEvent } = await load("log.js");
        return arg.events.map((event) => describeEvent(event, arg.context));
        """,
        {
            "context": context,
            "events": [
                {
                    "type": "card_played",
                    "data": {
                        "seat": 0,
                        "card": "5H",
                        "count": 15,
                        "points": 2,
                        "items": [{"kind": "fifteen", "cards": ["TD", "5H"], "points": 2}],
                        "scores": [2, 0],
                        "next": 1,
                    },
                },
                {
                    "type": "card_played",
                    "data": {
                        "seat": 1,
                        "card": "9C",
                        "count": 24,
                        "points": 0,
                        "items": [],
                        "scores": [2, 0],
                        "next": 0,
                    },
                },
                {"type": "go", "data": {"seat": 1}},
                {
                    "type": "go_scored",
                    "data": {"seat": 0, "points": 1, "last": True, "scores": [3, 0]},
                },
                {"type": "discarded", "data": {"seat": 1}},
                {
                    "type": "shuffle_committed",
                    "data": {"shuffle": 1, "purpose": "deal", "commitment": "ab"},
                },
                {
                    "type": "game_ended",
                    "data": {
                        "winner": 1,
                        "scores": [80, 121],
                        "skunk": "skunk",
                        "match_points": 2,
                        "match_scores": [0, 2],
                    },
                },
            ],
        },
    )
    assert lines == [
        "You played 5♥ for 15, 2 points: fifteen two.",
        "bob played 9♣ for 24.",
        "bob says go.",
        "You: one for last.",
        "bob discarded to the crib.",
        None,
        "bob wins the game 121 to 80, a skunk: 2 points in the match.",
    ]


def test_the_log_scrolls_to_its_newest_line_once_a_burst_is_drawn(js):
    """A burst of events (a reconnection's catch-up, the show) adds many lines at once: the log
    keeps only its last ``limit`` lines, scrolls to the newest at the next frame, and does not
    scroll (which lays the page out) line by line meanwhile."""
    result = js(
        """
        const { MatchLog } = await load("log.js");
        const list = document.createElement("ol");
        list.style.cssText = "height: 60px; overflow: auto; margin: 0";
        document.body.append(list);
        const log = new MatchLog(list, 30);
        for (let i = 0; i < 40; i += 1) log.add({ type: "go", data: { seat: 1 } }, arg);
        log.note("Not accepted: not your turn");
        const during = list.scrollTop;
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        return {
          during,
          lines: list.children.length,
          last: list.lastElementChild.textContent,
          below: list.scrollHeight - list.clientHeight - list.scrollTop,
          overflows: list.scrollHeight > list.clientHeight,
        };
        """,
        {"viewer": 0, "names": ["alice", "bob"]},
    )
    assert result["lines"] == 31  # the last 30 lines, and the note
    assert result["last"] == "Not accepted: not your turn"
    assert result["overflows"] and result["during"] == 0
    assert result["below"] <= 1, "the newest line is in view"


def test_the_show_names_each_item_with_its_cards_and_points(js):
    lines = js(
        'const { itemLine } = await load("table/show.js"); return arg.map(itemLine);',
        [
            {"kind": "fifteen", "cards": ["7C", "8D"], "points": 2},
            {"kind": "pair", "cards": ["5H", "5S", "5D"], "points": 6},
            {"kind": "run", "cards": ["3H", "4S", "5D", "6C"], "points": 4},
            {"kind": "nobs", "cards": ["JH"], "points": 1},
        ],
    )
    assert lines == [
        "Fifteen (7♣ 8♦): 2",
        "Pair royal (5♥ 5♠ 5♦): 6",
        "Run of 4 (3♥ 4♠ 5♦ 6♣): 4",
        "Nobs (J♥): 1",
    ]


def test_the_log_says_how_a_match_ended(js):
    context = {"viewer": 0, "names": ["alice", "bob"]}
    endings = [
        {"winner": 0, "match_scores": [7, 3], "reason": "points"},
        {"winner": 1, "match_scores": [2, 1], "reason": "resigned"},
        {"winner": 0, "match_scores": [0, 0], "reason": "abandoned"},
    ]
    lines = js(
        """
        const { describeEvent } = await load("log.js");
        return arg.endings.map((data) => describeEvent({ type: "match_ended", data }, arg.context));
        """,
        {"context": context, "endings": endings},
    )
    assert lines == [
        "You win the match 7 to 3.",
        "bob wins the match by resignation.",
        "You win the match: bob left the game.",
    ]


def test_a_partnership_wins_as_a_side_in_the_log_and_the_result_panel(js):
    """Four players: the log, the result's heading and its score line name both partners
    ("You & Comp 2 win"), never one player as if it were a free-for-all."""
    result = js(
        """
        const { describeEvent } = await load("log.js");
        const { matchHeading, finalScoreLine } = await load("table/result.js");
        const names = ["alice", "Computer", "Computer 2", "Computer 3"];
        const name = (seat) => (seat === 0 ? "You" : names[seat]);
        const context = { viewer: 0, names, seats: [0, 1, 2, 3] };
        const game = { winner: 2, scores: [121, 90, 121, 90], skunk: "none", match_points: 1 };
        const lost = { ...game, winner: 1, scores: [90, 121, 90, 121] };
        const view = { seats: [0, 1, 2, 3], viewer: 0, winner: 2, end_reason: "points" };
        const theirs = { ...view, winner: 3 };
        return {
          won: describeEvent({ type: "game_ended", data: game }, context),
          lost: describeEvent({ type: "game_ended", data: lost }, context),
          match: describeEvent({ type: "match_ended", data: { winner: 3, reason: "points", match_scores: [0, 1, 0, 1] } }, context),
          ours: matchHeading(view, name),
          theirs: matchHeading(theirs, name),
          line: finalScoreLine(game, view, name),
          twoSeats: describeEvent({ type: "game_ended", data: { ...game, winner: 1, scores: [90, 121] } }, { viewer: 0, names: ["alice", "bob"], seats: [0, 1] }),
        };
        """
    )
    assert result["won"].startswith("You & Computer 2 win the game 121 to 90")
    assert result["lost"].startswith("Computer & Computer 3 win the game 121 to 90")
    assert result["match"].startswith("Computer & Computer 3 win the match")
    assert result["ours"] == "You & Computer 2 won the match!"
    assert result["theirs"] == "Computer & Computer 3 won the match"
    assert result["line"].endswith("to you & Computer 2.")
    assert result["twoSeats"].startswith("bob wins the game 121 to 90")
