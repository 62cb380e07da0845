"""The board's geometry and pegs (static/js/board.js), checked in Chromium."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_the_121_hole_board_has_120_track_holes_a_finishing_hole_and_two_start_holes_per_lane(js):
    counts = js(
        """
        const { CribbageBoard } = await load("board.js");
        const host = document.createElement("div");
        document.body.append(host);
        const board = new CribbageBoard(host, "six", { streets: 2 });
        const lane = (name) => host.querySelectorAll(`.board-lane-${name} .hole`).length;
        return { near: lane("near"), far: lane("far"), finish: host.querySelectorAll(".hole-finish").length,
                 start: host.querySelectorAll(".board-lane-near .hole-start").length };
        """
    )
    assert counts == {"near": 122, "far": 122, "finish": 1, "start": 2}


@pytest.mark.parametrize("variant, streets", [("six", 2), ("six", 4), ("five", 2), ("five", 4)])
def test_holes_come_in_groups_of_five_with_a_wider_gap_between_groups(js, variant, streets):
    gaps = js(
        """
        const { boardLayout } = await load("board.js");
        const layout = boardLayout(arg.variant, { streets: arg.streets });
        const gaps = [];
        for (let n = 1; n < layout.target - 1; n += 1) {
          const a = layout.hole("near", n), b = layout.hole("near", n + 1);
          if (a.y === b.y) gaps.push([n, Math.abs(b.x - a.x)]);
        }
        return gaps;
        """,
        {"variant": variant, "streets": streets},
    )
    assert gaps, "every street should hold neighbouring holes"
    within = {width for n, width in gaps if n % 5 != 0}
    between = {width for n, width in gaps if n % 5 == 0}
    assert len(within) == 1 and len(between) == 1
    assert between.pop() > within.pop()


@pytest.mark.parametrize("variant, target", [("six", 121), ("five", 61)])
def test_every_score_has_its_own_hole_and_the_lanes_never_share_one(js, variant, target):
    result = js(
        """
        const { boardLayout } = await load("board.js");
        const layout = boardLayout(arg, { streets: 2 });
        const seen = new Set();
        for (const lane of ["near", "far"]) {
          for (let n = -1; n < layout.target; n += 1) {
            const { x, y } = layout.hole(lane, n);
            seen.add(`${x},${y}`);
          }
        }
        return { target: layout.target, distinct: seen.size };
        """,
        variant,
    )
    # Two lanes of (target - 1) track holes plus two start holes each; the finish is shared.
    assert result == {"target": target, "distinct": 2 * (target + 1)}


def test_the_near_lane_is_below_the_far_lane(js):
    ys = js(
        """
        const { boardLayout } = await load("board.js");
        const layout = boardLayout("six");
        return [layout.hole("near", 1).y, layout.hole("far", 1).y, layout.hole("near", 120).y, layout.hole("far", 120).y];
        """
    )
    near_out, far_out, near_in, far_in = ys
    assert near_out > near_in > far_in > far_out


def test_skunk_lines_are_drawn_at_91_and_61_on_the_long_board_and_31_on_the_short_one(js):
    lines = js(
        """
        const { CribbageBoard } = await load("board.js");
        const scores = (variant) => {
          const host = document.createElement("div");
          document.body.append(host);
          new CribbageBoard(host, variant);
          return [...host.querySelectorAll(".skunk-line")].map((line) => Number(line.dataset.score));
        };
        return { six: scores("six"), five: scores("five") };
        """
    )
    assert sorted(lines["six"]) == [61, 91]
    assert lines["five"] == [31]


def test_a_skunk_line_sits_between_the_hole_before_it_and_its_own_hole(js):
    positions = js(
        """
        const { boardLayout, skunkLinePosition } = await load("board.js");
        const layout = boardLayout("six", { streets: 2 });
        const line = skunkLinePosition(layout, 91);
        return { line: line.x, h90: layout.hole("near", 90).x, h91: layout.hole("near", 91).x };
        """
    )
    # The return street runs right to left, so hole 90 is to the right of hole 91.
    assert positions["h91"] < positions["line"] < positions["h90"]


def test_the_rear_peg_leapfrogs_to_the_new_score_and_the_front_peg_stays(js):
    pegs = js(
        """
        const { CribbageBoard } = await load("board.js");
        const host = document.createElement("div");
        document.body.append(host);
        const board = new CribbageBoard(host, "six", { streets: 2 });
        const state = () => [...host.querySelectorAll(".peg-near")].map((peg) => [peg.dataset.peg, Number(peg.dataset.score)]);
        board.update("near", 5, 0, { animate: false });
        const afterFive = state();
        board.update("near", 9, 5, { animate: true });
        const afterNine = state();
        const points = host.querySelector(".board-score-near .board-points").textContent;
        const front = [...host.querySelectorAll(".peg-near.peg-front")].map((peg) => Number(peg.dataset.score));
        return { afterFive, afterNine, points, front };
        """
    )
    moved_first = dict(pegs["afterFive"])
    moved_second = dict(pegs["afterNine"])
    peg_at_five = next(peg for peg, score in moved_first.items() if score == 5)
    peg_behind = next(peg for peg, score in moved_first.items() if score != 5)
    assert moved_second[peg_at_five] == 5, "the front peg stays where it was"
    assert moved_second[peg_behind] == 9, "the rear peg jumps past it"
    assert pegs["points"] == "9"
    assert pegs["front"] == [9], "only the peg at the new score is marked as the front peg"


def test_a_game_won_past_the_target_shows_the_score_with_the_peg_in_the_finishing_hole(js):
    result = js(
        """
        const { CribbageBoard } = await load("board.js");
        const host = document.createElement("div");
        document.body.append(host);
        const board = new CribbageBoard(host, "five", { streets: 2 });
        board.update("far", 58, 50, { animate: false });
        board.update("far", 62, 58, { animate: false });
        const finish = host.querySelector(".hole-finish");
        const front = host.querySelector(".peg-far.peg-front");
        return { points: host.querySelector(".board-score-far .board-points").textContent,
                 at: [front.getAttribute("cx"), front.getAttribute("cy")], finish: [finish.getAttribute("cx"), finish.getAttribute("cy")] };
        """
    )
    assert result["points"] == "62"
    assert result["at"] == result["finish"]


def test_a_score_beyond_the_board_is_refused(js):
    message = js(
        """
        const { boardLayout } = await load("board.js");
        try { boardLayout("five").hole("near", 62); return "no error"; } catch (error) { return error.message; }
        """
    )
    assert message == "no hole 62"


@pytest.mark.parametrize("variant, streets", [("six", 2), ("six", 4), ("five", 2), ("five", 4)])
def test_the_finishing_number_and_every_skunk_number_are_drawn_clear_of_holes_and_each_other(
    js, variant, streets
):
    found = js(
        """
        const { boardLayout, boardLabels, boxesMeet } = await load("board.js");
        const layout = boardLayout(arg.variant, { streets: arg.streets });
        const labels = boardLabels(layout);
        const problems = [];
        const finish = layout.hole("near", layout.target);
        const holes = [{ x: finish.x, y: finish.y, r: 5.5 }];
        for (const lane of ["near", "far"]) {
          for (let n = -1; n < layout.target; n += 1) holes.push({ ...layout.hole(lane, n), r: 2.5 });
        }
        labels.forEach((label, i) => {
          const { box } = label;
          if (box.left < 0 || box.right > layout.width || box.top < 0 || box.bottom > layout.height) problems.push(`${label.text} leaves the board`);
          for (const hole of holes) {
            const around = { left: hole.x - hole.r, right: hole.x + hole.r, top: hole.y - hole.r, bottom: hole.y + hole.r };
            if (boxesMeet(box, around, 1.5)) problems.push(`${label.text} covers the hole at ${hole.x},${hole.y}`);
          }
          labels.slice(i + 1).forEach((other) => {
            if (boxesMeet(box, other.box, 1)) problems.push(`${label.text} meets ${other.text}`);
          });
        });
        return { texts: labels.map((label) => [label.kind, label.text]), problems };
        """,
        {"variant": variant, "streets": streets},
    )
    target = "61" if variant == "five" else "121"
    skunks = ["31"] if variant == "five" else ["91", "61"]
    assert found["texts"] == [["skunk", s] for s in skunks] + [["finish", target]]
    assert found["problems"] == []


def test_the_drawn_board_shows_its_finishing_number_when_folded_for_a_phone(js):
    texts = js(
        """
        const { CribbageBoard } = await load("board.js");
        const host = document.createElement("div");
        document.body.append(host);
        new CribbageBoard(host, "six", { streets: 4 });
        return [...host.querySelectorAll(".board-text")].map((text) => text.textContent);
        """
    )
    assert sorted(texts) == ["121", "61", "91"]


@pytest.mark.parametrize(
    "variant, width, streets",
    [("six", 900, 2), ("six", 560, 2), ("six", 380, 4), ("five", 380, 2), ("five", 250, 4)],
)
def test_a_board_too_narrow_for_readable_holes_is_folded_into_four_streets(
    js, variant, width, streets
):
    assert (
        js(
            'const { streetsFor } = await load("board.js"); return streetsFor(arg.variant, arg.width);',
            {"variant": variant, "width": width},
        )
        == streets
    )
