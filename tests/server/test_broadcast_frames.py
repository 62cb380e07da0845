"""The group message a broadcast sends: one list of frames per seat of the match, and one for
spectators, each carrying only what that viewer may see."""

from __future__ import annotations

import json

from games.broadcast import frames_message
from games.models import MatchEvent


def a_discard(seq: int, seat: int, cards: list[str]) -> MatchEvent:
    return MatchEvent(
        seq=seq, type="discarded", public={"seat": seat}, private={str(seat): {"cards": cards}}
    )


def test_a_three_seat_match_renders_frames_for_every_seat_and_spectators():
    message = frames_message([a_discard(7, 2, ["5H"])], seats=(0, 1, 2))
    frames = message["frames"]
    assert sorted(frames) == ["0", "1", "2", "spectator"]
    seen = {viewer: json.loads(text) for viewer, [[seq, text]] in frames.items()}
    assert all(frame["seq"] == 7 for frame in seen.values())
    assert seen["2"]["event"]["data"] == {"seat": 2, "cards": ["5H"]}
    for viewer in ("0", "1", "spectator"):
        assert seen[viewer]["event"]["data"] == {"seat": 2}


def test_a_two_seat_match_renders_exactly_the_two_seats_and_spectators():
    message = frames_message([a_discard(3, 0, ["AD", "6C"])], seats=(0, 1))
    assert sorted(message["frames"]) == ["0", "1", "spectator"]
    assert message["type"] == "match.frames"
