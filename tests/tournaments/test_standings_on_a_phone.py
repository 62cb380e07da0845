"""A tournament's standings on a phone (390 px): with long names and every column (duplicate
deals add one), the table fits its panel, so nothing is cut off at "Sprea" with no sign of more.
The page is rendered by the site and drawn by Chromium with the site's own stylesheets."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import save_screenshot
from tests.support.people import make_user
from tests.tournaments.conftest import round_settle, tournament_full

pytestmark = [pytest.mark.browser, pytest.mark.django_db]

PHONE = {"width": 390, "height": 844}
# The standings' box and the table's: a table wider than its box would be cut off.
MEASURE = """() => {
  const box = document.querySelector(".table-scroll");
  const table = box.querySelector("table");
  return { box: box.clientWidth, table: table.scrollWidth, page: document.documentElement.scrollWidth };
}"""


def test_the_standings_fit_a_phone_with_long_names_and_every_column(client, site_server, new_page):
    creator = make_user("organiser")
    players = [make_user(f"a_rather_long_player_name_{n}") for n in range(1, 5)]
    cup = tournament_full(creator, players, kind="acc", rounds=2, duplicate=True)
    round_settle(cup, winner=lambda first, second: first)
    client.force_login(players[0])
    html = client.get(reverse("tournaments:detail", args=[cup.pk])).content.decode()
    assert "Spread" in html and "Duplicate" in html
    page = new_page(viewport=PHONE, has_touch=True, is_mobile=True)
    # A page of the site's origin, so the page's /static/ stylesheets load; its own scripts
    # (which would open a socket to a match the live server does not have) are left out.
    page.goto(site_server.url + "/rules/")
    html = html.replace('<script type="module"', '<script type="text/plain"')
    page.set_content(html.replace('rel="modulepreload"', 'rel="x-none"'))
    page.wait_for_load_state("load")
    measured = page.evaluate(MEASURE)
    save_screenshot(page, "standings-phone")
    assert measured["table"] <= measured["box"], measured
    assert measured["page"] <= PHONE["width"], measured
