"""The tournament page's live part (static/js/tournaments/tournament.js) is swapped only when
what it shows changed: never for a new CSRF token alone, which every render of its forms has."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

LIVE = """<h2>Entrants</h2><ul data-testid="entrants"><li>alice</li></ul>
<form method="post" action="/tournaments/2/join/"><input type="hidden"
name="csrfmiddlewaretoken" value="TOKEN"><button type="submit"
data-testid="join-tournament">Join</button></form>"""


def test_a_new_csrf_token_alone_leaves_the_join_button_in_place(js):
    result = js(
        """
        const { changedContent } = await load("tournaments/tournament.js");
        const live = document.createElement("div");
        live.innerHTML = arg.live.replace("TOKEN", "first-render-token");
        document.body.append(live);
        const button = live.querySelector("button");
        const sameButToken = changedContent(live, arg.live.replace("TOKEN", "second-token-xyz"));
        const joined = arg.live.replace("TOKEN", "third").replace("<li>alice</li>", "<li>alice</li><li>bob</li>");
        const fresh = changedContent(live, joined);
        live.replaceChildren(fresh);
        return {
          kept: sameButToken === null,
          names: [...live.querySelectorAll("li")].map((item) => item.textContent),
          swapped: live.querySelector("button") !== button,
          again: changedContent(live, joined),
        };
        """,
        {"live": LIVE},
    )
    assert result["kept"], "the same entrants with a new token are not swapped in"
    assert result["names"] == ["alice", "bob"] and result["swapped"]
    assert result["again"] is None
