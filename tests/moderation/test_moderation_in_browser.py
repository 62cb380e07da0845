"""In real Chromium against a real Daphne: a player reports a chat line, a staff member mutes its
author from the admin's queue, and the muted player's next line is refused with the reason
while the other player never sees it."""

from __future__ import annotations

import pytest

from tests.browser.conftest import PASSWORD, create_live_users, log_in_page
from tests.conftest import save_screenshot
from tests.support.accessibility import blocking_violations, describe
from tests.support.live_shell import on_live_database

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 768}
RUDE = "you are all idiots"


def make_staff(database_url: str, name: str) -> None:
    """A staff member with every permission, in the live database."""
    code = (
        "from django.contrib.auth import get_user_model\n"
        f"get_user_model().objects.filter(username={name!r})"
        ".update(is_staff=True, is_superuser=True)\n"
    )
    on_live_database(database_url).run(code)


def assert_accessible(page) -> None:
    """axe-core finds no serious or critical violation (as tests/browser/test_accessibility_audit)."""
    found = blocking_violations(page)
    assert not found, describe(found)


def say(page, text: str) -> None:
    page.get_by_test_id("lobby-chat-input").fill(text)
    page.get_by_test_id("lobby-chat-send").click()


def test_a_reported_player_is_muted_by_staff_and_their_next_line_reaches_nobody(
    live_database, site_server, new_page
):
    create_live_users(live_database.url, "alice_mod", "mallory_mod", "stella_mod")
    make_staff(live_database.url, "stella_mod")

    mallory = new_page(DESKTOP)
    log_in_page(mallory, site_server.url, "mallory_mod", "/lobby/")
    alice = new_page(PHONE)
    log_in_page(alice, site_server.url, "alice_mod", "/lobby/")

    say(mallory, RUDE)
    line = alice.locator("[data-testid=lobby-chat-log] li", has_text=RUDE).last
    line.wait_for(timeout=10_000)
    # Nobody is offered to report their own line.
    own = mallory.locator("[data-testid=lobby-chat-log] li", has_text=RUDE).last
    own.wait_for()
    # (Only her own line: the lobby's room is shared with the session's other tests.)
    assert own.locator(".chat-report").count() == 0

    line.get_by_role("button", name="Report this line by mallory_mod").click()
    dialog = alice.locator("[data-report-dialog]")
    dialog.wait_for(state="visible")
    assert RUDE in dialog.locator("[data-report-quote]").inner_text()
    alice.get_by_test_id("lobby-chat-report-reason").select_option("abuse")
    alice.get_by_test_id("lobby-chat-report-details").fill("insults everyone in the lobby")
    assert_accessible(alice)
    save_screenshot(alice, "report-line-dialog-phone")
    alice.get_by_test_id("lobby-chat-report-send").click()
    dialog.wait_for(state="hidden")
    alice.locator("[data-chat-error]", has_text="staff will look").wait_for()

    # The page offers no second report of the line (the server refuses one too: test_reports).
    assert line.locator(".chat-report").is_disabled()
    assert line.locator(".chat-report").inner_text() == "Reported"
    save_screenshot(alice, "reported-line-phone", of="[data-chat-panel]")

    staff = new_page(DESKTOP)
    staff.goto(f"{site_server.url}/admin/login/?next=/admin/moderation/report/")
    staff.fill("#id_username", "stella_mod")
    staff.fill("#id_password", PASSWORD)
    staff.click("input[type=submit]")
    staff.wait_for_url("**/admin/moderation/report/")
    row = staff.locator("#result_list tbody tr", has_text=RUDE)
    assert row.count() == 1
    save_screenshot(staff, "report-queue")
    row.locator("input.action-select").check()
    staff.select_option("select[name=action]", "mute")
    staff.click("button[name=index]")
    form = staff.get_by_test_id("staff-action-form")
    form.wait_for()
    staff.select_option("select[name=period]", "60")
    staff.fill("textarea[name=reason]", "insults in the lobby")
    save_screenshot(staff, "report-mute-confirm")
    staff.get_by_test_id("staff-action-confirm").click()
    staff.locator(".messagelist", has_text="Muted: 1 report").wait_for()

    say(mallory, "still here, muted or not")
    mallory.locator("[data-chat-error]", has_text="muted you in chat until").wait_for(
        timeout=10_000
    )
    assert "insults in the lobby" in mallory.locator("[data-chat-error]").inner_text()
    save_screenshot(mallory, "muted-player-refused")

    say(alice, "is it quiet now?")
    alice.locator("[data-testid=lobby-chat-log] li", has_text="is it quiet now?").wait_for(
        timeout=10_000
    )
    assert (
        alice.locator(
            "[data-testid=lobby-chat-log] li", has_text="still here, muted or not"
        ).count()
        == 0
    )
    mallory.locator("[data-testid=lobby-chat-log] li", has_text="is it quiet now?").wait_for(
        timeout=10_000
    )
    assert (
        mallory.locator(
            "[data-testid=lobby-chat-log] li", has_text="still here, muted or not"
        ).count()
        == 0
    )
    save_screenshot(alice, "lobby-after-mute-phone")


def staff_acts(staff, server, action: str, row_text: str, fields: dict[str, str]) -> None:
    """Staff choose ``action`` for the report whose row shows ``row_text``, and confirm it."""
    staff.goto(f"{server.url}/admin/moderation/report/")
    staff.locator("#result_list tbody tr", has_text=row_text).locator("input.action-select").check()
    staff.select_option("select[name=action]", action)
    staff.click("button[name=index]")
    staff.get_by_test_id("staff-action-form").wait_for()
    for name, value in fields.items():
        staff.fill(f"[name={name}]", value)
    staff.get_by_test_id("staff-action-confirm").click()
    staff.locator(".messagelist li.success").wait_for()


def test_a_player_reported_from_their_profile_is_warned_and_sees_it_once(
    live_database, site_server, new_page
):
    create_live_users(live_database.url, "ann_mod", "rex_mod", "sam_mod")
    make_staff(live_database.url, "sam_mod")

    ann = new_page(DESKTOP)
    log_in_page(ann, site_server.url, "ann_mod", "/accounts/players/rex_mod/")
    ann.get_by_test_id("report-player").click()
    ann.wait_for_url("**/moderation/report/player/rex_mod/")
    ann.select_option("#report-reason", "name")
    ann.fill("#report-details", "the name is a slur in my language")
    save_screenshot(ann, "report-player-form")
    assert_accessible(ann)
    ann.set_viewport_size(PHONE)
    save_screenshot(ann, "report-player-form-phone")
    ann.get_by_test_id("report-send").click()
    ann.get_by_test_id("report-sent").wait_for()

    staff = new_page(DESKTOP)
    staff.goto(f"{site_server.url}/admin/login/?next=/admin/")
    staff.fill("#id_username", "sam_mod")
    staff.fill("#id_password", PASSWORD)
    staff.click("input[type=submit]")
    staff.wait_for_url("**/admin/")
    staff_acts(staff, site_server, "warn", "rex_mod", {"text": "Please choose a different name."})

    rex = new_page(PHONE)
    log_in_page(rex, site_server.url, "rex_mod", "/lobby/")
    banner = rex.get_by_test_id("staff-warnings")
    assert "Please choose a different name." in banner.inner_text()
    save_screenshot(rex, "staff-warning-phone")
    assert_accessible(rex)
    rex.get_by_test_id("warning-read").click()
    rex.wait_for_url("**/lobby/")
    assert rex.get_by_test_id("staff-warnings").count() == 0
    rex.goto(f"{site_server.url}/")
    assert rex.get_by_test_id("staff-warnings").count() == 0
