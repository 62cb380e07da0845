"""After the show, "Analyse your throw" opens the board with the cards this seat was dealt."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_the_link_holds_the_seats_hand_and_throw_and_only_at_two_seats(js):
    found = js(
        """const { throwBoardLink } = await load("table/show.js");
        const shown = [
          { seat: 1, kind: "hand", cards: ["TD", "5S", "3C", "2C"] },
          { seat: 0, kind: "hand", cards: ["9D", "3S", "AS", "2S"] },
          { seat: 0, kind: "crib", cards: ["KH", "KD", "4C", "7C"] },
        ];
        const view = { seats: [0, 1], viewer: 0, dealer: 0, shown, thrown: ["KH", "4C"] };
        const link = throwBoardLink(view);
        const query = new URL(link.href).searchParams;
        return [query.get("cards"), query.get("role"), link.target,
          throwBoardLink({ ...view, dealer: 1 }) && new URL(throwBoardLink({ ...view, dealer: 1 }).href).searchParams.get("role"),
          throwBoardLink({ ...view, seats: [0, 1, 2] }), throwBoardLink({ ...view, viewer: null }),
          throwBoardLink({ ...view, shown: shown.slice(0, 1) })];""",
    )
    assert found == ["9D 3S AS 2S KH 4C", "dealer", "_blank", "pone", None, None, None]
