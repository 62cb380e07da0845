"""What the table says for every event (static/js/table/announcer.js), that the end of a match
is not held up behind old lines, the Muggins texts (claims.js, log.js, status.js), the result
after a resignation (table/result.js) and the fair-shuffle verdicts that say what they could not
check (fairness.js)."""

from __future__ import annotations

import pytest

from tests.js.conftest import FAKE_CLOCK

pytestmark = pytest.mark.browser

SAY = """
const { announcementFor } = await load("table/announcer.js");
const name = (seat) => (seat === 0 ? "You" : "Computer");
return arg.map((event) => announcementFor(event, { name, viewer: 0 }));
"""


def test_every_event_of_a_hand_is_spoken_scoring_or_not(js):
    events = [
        {"type": "cut_for_deal", "data": {"cuts": ["4H", "9S"], "dealer": 0}},
        {"type": "hand_started", "data": {"game": 1, "hand": 1, "dealer": 0, "hand_size": 6}},
        {"type": "discarded", "data": {"seat": 1}},
        {"type": "discarded", "data": {"seat": 0, "cards": ["KH", "QS"]}},
        {"type": "starter_cut", "data": {"card": "AS", "heels": 0}},
        {
            "type": "card_played",
            "data": {"seat": 1, "card": "KS", "count": 25, "points": 0, "items": []},
        },
        {
            "type": "card_played",
            "data": {
                "seat": 0,
                "card": "5D",
                "count": 15,
                "points": 2,
                "items": [{"kind": "fifteen", "cards": [], "points": 2}],
            },
        },
        {"type": "card_played", "data": {"seat": 1, "card": "2C", "count": 17}},
        {"type": "go", "data": {"seat": 1}},
        {"type": "go_scored", "data": {"seat": 0, "points": 1, "last": False}},
        {"type": "count_reset", "data": {"next": 1}},
        {
            "type": "hand_shown",
            "data": {
                "seat": 1,
                "kind": "hand",
                "cards": ["5H", "TD", "4C", "4S"],
                "total": 6,
                "items": [
                    {"kind": "fifteen", "cards": [], "points": 2},
                    {"kind": "fifteen", "cards": [], "points": 2},
                    {"kind": "pair", "cards": [], "points": 2},
                ],
            },
        },
        {"type": "claim_made", "data": {"seat": 1, "subject": "hand", "claimed": 4}},
        {"type": "muggins_called", "data": {"seat": 0, "named": 2, "right": True, "points": 2}},
        {"type": "muggins_called", "data": {"seat": 0, "named": 3, "right": False, "points": 0}},
        {
            "type": "score_revealed",
            "data": {
                "seat": 1,
                "subject": "hand",
                "claimed": 8,
                "actual": 6,
                "pegged": 6,
                "items": [],
            },
        },
        {"type": "game_ended", "data": {"winner": 1, "scores": [95, 121], "skunk": "none"}},
        {"type": "match_ended", "data": {"winner": 1, "reason": "resigned"}},
        {"type": "player_joined", "data": {"seat": 1, "name": "bob"}},
    ]
    said = js(SAY, events)
    assert said[:-1] == [
        "You cut four of hearts, Computer cuts nine of spades: You deal",
        "Hand 1: You deal",
        "Computer discards to the crib",
        "You discard king of hearts and queen of spades",
        "Starter: ace of spades",
        "Computer plays king of spades, count 25",
        "You play five of diamonds, count 15: fifteen two",
        "Computer plays two of clubs, count 17",
        "Computer: go",
        "You: one for the go",
        "The count starts again",
        "Computer, hand: five of hearts, ten of diamonds, four of clubs and four of spades. "
        "fifteen two, fifteen four and a pair is six (6 points)",
        "Computer claims 4 for the hand",
        "Muggins! You name 2 and take 2 points",
        "You call Muggins for 3: wrong, nothing pegged",
        "Computer, the hand: worth 6 points; over-claimed, keeps only 6",
        "Computer wins the game 121 to 95",
        "Computer wins the match by resignation",
    ]
    assert said[-1] is None, "a server event the table does not show says nothing"


ANNOUNCER = (
    FAKE_CLOCK
    + """
const { Announcer } = await load("table/announcer.js");
const element = document.createElement("div");
document.body.append(element);
const announcer = new Announcer(element, { holdMs: 80, fastMs: 20, lingerMs: 150 });
"""
)


def test_the_end_of_a_match_drops_old_lines_and_is_said_at_once(js):
    result = js(
        ANNOUNCER
        + """
        for (const text of ["You: fifteen two", "Computer: go", "You: one for last"]) announcer.say(text, { urgency: 2 });
        const first = element.textContent;
        announcer.say("Computer wins the game", { urgency: 3 });
        const atOnce = element.textContent;
        announcer.say("Computer wins the match", { urgency: 3 });
        const held = element.textContent;  // an urgent line is not cut short by another
        clock.advance(80);
        const next = element.textContent;
        clock.advance(80);
        clock.advance(150);
        return [first, atOnce, held, next, element.textContent];
        """
    )
    assert result == [
        "You: fifteen two",
        "Computer wins the game",
        "Computer wins the game",
        "Computer wins the match",
        "",
    ]


def test_the_claim_story_hides_the_truth_until_it_is_revealed_then_tells_all(js):
    result = js(
        """
        const { ClaimRecord, parseMuggins } = await load("claims.js");
        const context = { viewer: 0, names: ["alice", "bob"], seats: [0, 1] };
        const record = new ClaimRecord();
        record.apply({ type: "claim_made", data: { seat: 1, subject: "hand", claimed: 8, pegged: 8 } });
        const hidden = record.describe(context);
        record.apply({ type: "muggins_called", data: { seat: 0, named: 2, right: true, points: 2 } });
        record.apply({ type: "score_revealed", data: { seat: 1, subject: "hand", claimed: 8, actual: 6, pegged: 6, items: [] } });
        const told = record.describe(context);
        const wrong = new ClaimRecord();
        wrong.apply({ type: "claim_made", data: { seat: 0, subject: "play", claimed: 2, pegged: 2 } });
        wrong.apply({ type: "muggins_called", data: { seat: 1, named: 1, right: false, points: 0 } });
        wrong.apply({ type: "score_revealed", data: { seat: 0, subject: "play", claimed: 2, actual: 2, pegged: 2, items: [] } });
        return {
          hidden,
          told,
          wrong: wrong.describe(context),
          parsed: ["", "0", "2", "30", "x"].map((text) => parseMuggins(text).value ?? null),
        };
        """
    )
    assert result["hidden"] == "bob claimed 8 for the hand."
    assert result["told"] == (
        "bob claimed 8 for the hand. Actual: 6 points. bob pegs only 6. "
        "Muggins! You named 2 and took 2 points."
    )
    assert result["wrong"] == (
        "You claimed 2 for the card. Actual: 2 points. bob called Muggins for 1: wrong, nothing pegged."
    )
    assert result["parsed"] == [None, None, 2, None, None]


def test_the_muggins_prompt_names_the_claim_and_says_when_it_is_last_hands_crib(js):
    result = js(
        """
        const { statusText } = await load("table/status.js");
        const name = (seat) => (seat === 0 ? "You" : "bob");
        const window = { seat: 0, claimant: 1, subject: "crib", claimed: 4, cards: [], starter: "2C" };
        const base = { viewer: 0, seats: [0, 1], to_act: [0, 1], discarded: [false, false], pending_claim: null, turn: null, cuts: null };
        const discard = { ...base, phase: "discard", muggins: window, legal: { discard: true, throw: 2, muggins: true } };
        const bobs = { ...discard, legal: { discard: false, muggins: false }, viewer: 1, to_act: [0] };
        return [statusText(discard, name), statusText(bobs, name)];
        """
    )
    assert result == [
        "Choose two cards to discard. You may call Muggins on bob's crib from last hand (claimed 4).",
        "Waiting for You to discard.",
    ]


def test_a_resignation_says_who_gave_the_match_up_with_the_real_match_points(js):
    result = js(
        """
        const { matchHeading, endingLine } = await load("table/result.js");
        const name = (seat) => (seat === 0 ? "You" : "bob");
        const view = (viewer, reason) => ({ phase: "match_over", winner: 0, end_reason: reason, viewer, seats: [0, 1], match_scores: [0, 0] });
        return [
          matchHeading(view(0, "resigned"), name),
          matchHeading(view(1, "resigned"), (seat) => (seat === 1 ? "You" : "alice")),
          matchHeading(view(0, "points"), name),
          endingLine(view(0, "resigned"), name),
        ];
        """
    )
    assert result == [
        "bob resigned: you win the match",
        "You resigned: alice wins the match",
        "You won the match!",
        "The match ended by bob's resignation.",
    ]


def test_a_shuffle_verdict_names_each_check_it_could_not_make(js):
    result = js(
        """
        const { FairnessLedger, commitmentFor, verdictText } = await load("fairness.js");
        const deck = [];
        for (const suit of "SHDC") for (const rank of "A23456789TJQK") deck.push(rank + suit);
        const salt = "ab".repeat(32);
        const commitment = await commitmentFor(deck, salt);
        const late = new FairnessLedger(0);  // opened after the deal: only the commitment seen
        late.committed({ shuffle: 2, purpose: "deal", commitment });
        const deal = await late.revealed({ shuffle: 2, purpose: "deal", deck, salt });
        const cut = new FairnessLedger(0);
        cut.committed({ shuffle: 1, purpose: "cut_for_deal", commitment });
        cut.cutForDeal({ cuts: ["AS", "2S"] });
        const cutVerdict = await cut.revealed({ shuffle: 1, purpose: "cut_for_deal", deck, salt });
        const unseen = await new FairnessLedger(0).revealed({ shuffle: 3, purpose: "deal", deck, salt });
        return [verdictText("Shuffle 2 (deal)", deal), verdictText("Shuffle 1 (cut for deal)", cutVerdict), verdictText("Shuffle 3 (deal)", unseen)];
        """
    )
    assert result == [
        "Shuffle 2 (deal): verified: the deck matches its commitment; not checked: your cards "
        "(this page did not see the deal), the starter (this page did not see the deal and the cut).",
        "Shuffle 1 (cut for deal): verified: the deck matches its commitment, the cuts came from it.",
        "Shuffle 3 (deal): not checked: the whole shuffle (this page opened after its commitment was sent).",
    ]


# Events as a three-player table sends them, each at its time (ms), through the table's own
# announcementFor and urgencyOf and the default Announcer; the line is read every 10 ms.
FAST_EVENTS = (
    FAKE_CLOCK
    + """
const { Announcer, announcementFor, urgencyOf } = await load("table/announcer.js");
const element = document.createElement("div");
document.body.append(element);
const announcer = new Announcer(element);
const name = (seat) => ["You", "bob", "carol"][seat];
const played = (seat, card, count, extra = {}) => ({ type: "card_played", data: { seat, card, count, points: 0, items: [], ...extra } });
const timeline = arg;  // [[at, event], ...]
const shown = [];  // [time, text] each time the line changes
const arrived = {};  // text -> time its event came
let last = null;
for (let now = 0; now <= 4000; now += 10) {
  for (const [at, event] of timeline) {
    if (at !== now) continue;
    const text = announcementFor(event, { name, viewer: 0 });
    arrived[text] = at;
    announcer.say(text, { urgency: urgencyOf(event) });
  }
  if (element.textContent !== last) {
    last = element.textContent;
    shown.push([now, last]);
  }
  clock.advance(10);
}
return { shown, arrived };
"""
)


def lines_after(result) -> list[str]:
    return [text for _, text in result["shown"] if text]


def test_fast_moves_are_shown_in_order_and_never_more_than_half_a_second_behind(js):
    """Four cards 100 ms apart: the line shows a move, then the newest one within half a second
    (a move superseded while it waited is dropped, never shown after a newer one)."""
    events = [
        [0, {"type": "card_played", "data": {"seat": 1, "card": "7H", "count": 7, "points": 0}}],
        [100, {"type": "card_played", "data": {"seat": 2, "card": "6S", "count": 13, "points": 0}}],
        [200, {"type": "card_played", "data": {"seat": 0, "card": "8D", "count": 21, "points": 0}}],
        [600, {"type": "card_played", "data": {"seat": 1, "card": "4C", "count": 25, "points": 0}}],
    ]
    result = js(FAST_EVENTS, events)
    said = lines_after(result)
    order = list(result["arrived"])
    assert said == sorted(said, key=order.index), said  # never an older move after a newer
    assert said[0] == "bob plays seven of hearts, count 7"
    assert said[-1] == "bob plays four of clubs, count 25"
    assert "carol plays six of spades, count 13" not in said  # superseded while waiting
    for at, text in result["shown"]:
        if text:
            assert at - result["arrived"][text] <= 500, (text, at, result["arrived"][text])


def test_the_starter_is_said_before_the_play_and_a_score_cuts_a_move_short(js):
    """The starter comes before the cards played after it, never after; a card that scores
    replaces a plain move at once, and the end of the game replaces everything."""
    events = [
        [0, {"type": "starter_cut", "data": {"card": "6H", "heels": False}}],
        [100, {"type": "card_played", "data": {"seat": 1, "card": "7H", "count": 7, "points": 0}}],
        [200, {"type": "card_played", "data": {"seat": 2, "card": "6S", "count": 13, "points": 0}}],
        [
            1700,
            {
                "type": "card_played",
                "data": {
                    "seat": 0,
                    "card": "2D",
                    "count": 15,
                    "points": 2,
                    "items": [{"kind": "fifteen", "cards": ["7H", "6S", "2D"], "points": 2}],
                },
            },
        ],
        [
            1750,
            {"type": "game_ended", "data": {"winner": 0, "skunk": "none", "scores": [121, 90, 80]}},
        ],
    ]
    result = js(FAST_EVENTS, events)
    said = lines_after(result)
    assert said[0] == "Starter: six of hearts"
    assert "Starter: six of hearts" not in said[1:]
    assert said[1] == "carol plays six of spades, count 13"  # the newest move, after the hold
    # The scoring card cut the move short at once, and the game's end cut the card short.
    times = {text: at for at, text in result["shown"] if text}
    assert times[said[1]] <= 1500
    scoring = next(text for text in said if text.startswith("You play two of diamonds"))
    assert times[scoring] == 1700
    assert said[-1].startswith("You win the game") and times[said[-1]] == 1750


def test_enter_in_the_empty_claim_box_claims_zero_and_the_button_still_wants_a_number(js):
    result = js(
        """
        const { ClaimPanel } = await load("claims.js");
        const section = document.createElement("section");
        document.body.append(section);
        const claims = [];
        const panel = new ClaimPanel(section, { onClaim: (points) => claims.push(points), onMuggins: () => {} });
        const view = {
          options: { scoring: "manual" }, legal: { claim: "play", muggins: false },
          game: 1, hand: 1, played: [[0, "5H"]], shown: [], muggins: null, viewer: 0,
        };
        panel.render(view, { name: (seat) => (seat === 0 ? "You" : "bob"), viewer: 0 });
        const box = section.querySelector("#claim-points");
        section.querySelector("#claim-submit").click();  // the button with nothing typed
        const refused = [claims.length, section.querySelector("#claim-error").textContent];
        for (const button of section.querySelectorAll("button")) button.disabled = false;
        box.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
        return { refused, claims, placeholder: box.placeholder };
        """
    )
    assert result["refused"][0] == 0 and "Enter a whole number" in result["refused"][1]
    assert result["claims"] == [0]
    assert result["placeholder"] == "0"


def test_the_round_clock_counts_down_to_the_end_and_then_says_time_is_up(js):
    result = js(
        """
        const { timeLeft } = await load("table/countdown.js");
        const end = 10_000_000;
        return [0, 1, 999, 1000, 61_000, 3_600_000, 3_725_000].map((ms) => timeLeft(end, end - ms));
        """
    )
    assert result == ["time is up", "0:01", "0:01", "0:01", "1:01", "1:00:00", "1:02:05"]
