"""The page's scripts never find the other seat as ``1 - seat``: matches of three and four
players are coming, and the other seats come from the view (static/js/seats.js)."""

from __future__ import annotations

import re

from tests.support.servers import PROJECT_DIR

# "1 - seat", "1 - this.seat", "1 - view.winner", "1 - result.winner", "1 - this.nearSeat" ...
ONE_MINUS_A_SEAT = re.compile(r"\b1\s*-\s*[\w.]*(seat|winner|viewer|dealer|turn)\b", re.IGNORECASE)


def test_no_script_takes_the_other_seat_to_be_one_minus_a_seat():
    scripts = sorted((PROJECT_DIR / "static" / "js").rglob("*.js"))
    assert scripts, "the scripts were not found"
    found = [
        f"{path.relative_to(PROJECT_DIR)}:{number}: {line.strip()}"
        for path in scripts
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if ONE_MINUS_A_SEAT.search(line)
    ]
    assert found == []


def test_the_check_recognises_the_old_forms():
    for line in (
        "const loser = 1 - view.winner;",
        "return 1 - this.nearSeat;",
        "get(1 - this.seat)",
    ):
        assert ONE_MINUS_A_SEAT.search(line), line
    assert not ONE_MINUS_A_SEAT.search("const i = perStreet - 1 - along;")
