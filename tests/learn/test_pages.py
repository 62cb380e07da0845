"""The learn pages through Django's client: what a person reads, and every bad input refused."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from learn.models import CountingAttempt, CountingProgress
from learn.practice import ANSWERS_PER_MINUTE, ticket_read
from tests.support.caches import cache_empty

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_limits():
    cache_empty()


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_counter_lists_every_item_and_the_total():
    page = Client().get("/learn/count/", {"hand": "5H 5D 5S JC", "starter": "5C"})
    assert page.status_code == 200
    text = page.content.decode()
    assert "29 points" in text
    assert text.count("Fifteen:") == 8 and "Pair:" in text and "Nobs:" in text


def test_the_counter_keeps_its_position_in_the_url_and_reads_tens_and_lower_case():
    page = Client().get("/learn/count/?hand=10h,jh,qh,kh&starter=5h&crib=1")
    text = page.content.decode()
    assert page.status_code == 200 and "Flush:" in text
    assert 'value="10h,jh,qh,kh"' in text  # the form shows what the URL holds


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"hand": "5H 5H JS QC", "starter": "2C"}, "holds 5H twice"),
        ({"hand": "5H 6H JS", "starter": "2C", "crib": "1"}, "needs 4 cards"),
        ({"hand": "5H 6H JS QC 2D", "starter": "2C"}, "needs 4 or 3 cards"),
        ({"hand": "5H 6H JS ZZ", "starter": "2C"}, "is not a card"),
        ({"hand": "5H 6H JS QC", "starter": "5H"}, "starter 5H is also in the hand"),
        ({"hand": "5H 6H JS QC", "starter": ""}, "starter needs 1 card;"),
        ({"hand": "x" * 500, "starter": "2C"}, "Type the hand as cards"),
    ],
)
def test_the_counter_refuses_a_bad_card_set_with_a_clear_message(query, message):
    page = Client().get("/learn/count/", query)
    assert page.status_code == 400
    assert message in page.content.decode().replace("&#x27;", "'")


def test_the_board_ranks_every_throw_and_marks_the_best():
    page = Client().get("/analysis/", {"cards": "5H 5D JS QC 2H 9C", "role": "dealer"})
    text = page.content.decode()
    assert page.status_code == 200
    assert len(re.findall(r"<tr class=\"is-best|<tr class=\"( is-expert)?\"", text)) == 15
    assert "expert's throw" in text and ">best<" in text


def test_the_board_ranks_a_three_player_throw():
    page = Client().get("/analysis/", {"cards": "5H 5D JS QC 2H", "players": "3", "role": "pone"})
    text = page.content.decode()
    assert page.status_code == 200 and "half against you" in text
    assert text.count("<tr class=") == 5
    assert "expert's throw" in text and "Expert's value" in text


def test_the_board_shows_where_the_expert_at_three_throws_for_the_play():
    """Hand and crib alone would throw the four; the expert keeps it for the play."""
    page = Client().get("/analysis/", {"cards": "TS 7D JD 7H 4S", "players": "3", "role": "pone"})
    text = page.content.decode()
    rows = re.findall(
        r"<tr class=\"([^\"]*)\"><th scope=\"row\"><span [^>]*data-card=\"(\w+)\"", text
    )
    by_throw = {card: classes.split() for classes, card in rows}
    assert len(by_throw) == 5
    assert by_throw["4S"] == ["is-best"] and by_throw["TS"] == ["is-expert"]


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"cards": "5H 5D JS QC"}, "needs 6 or 5 cards"),
        ({"cards": "5H 5D JS QC 2H 9C", "players": "4"}, "dealt 5 cards"),
        ({"cards": "5H 5D JS QC 2H 2H"}, "holds 2H twice"),
        ({"cards": "5H 5D JS QC 2H 9C", "own": "130", "opp": "3"}, "Scores run from 0 to 120"),
        ({"cards": "5H 5D JS QC 2H 9C", "own": "12"}, "Give both scores"),
    ],
)
def test_the_board_refuses_bad_input(query, message):
    page = Client().get("/analysis/", query)
    assert page.status_code == 400 and message in page.content.decode()


def test_a_play_position_lists_each_card_with_its_line_and_refuses_a_pile_over_31():
    base = {"mine": "4C", "theirs": "TC", "thrown": "KH QS", "starter": "2C", "holds": "3"}
    page = Client().get("/analysis/play/", {**base, "hand": "5H 6D 9S", "pile": "TC 4C"})
    assert page.status_code == 200 and 'data-testid="play-values"' in page.content.decode()
    lines = re.findall(r'data-testid="play-line">([^<]+)<', page.content.decode())
    assert len(lines) == 3 and all(line.startswith("you ") and "they " in line for line in lines)
    assert any(line.startswith("you 9: 23") for line in lines)  # the nine on a count of 14
    over = Client().get(
        "/analysis/play/",
        {
            **base,
            "hand": "5H",
            "mine": "4C 3D 2S",
            "thrown": "AH AS",
            "theirs": "TC KD QS 9D",
            "pile": "TC KD QS 9D",
            "holds": "0",
        },
    )
    assert over.status_code == 400 and "never passes 31" in over.content.decode()
    go = Client().get(
        "/analysis/play/",
        {
            **base,
            "hand": "KH",
            "mine": "4C 3D 2S",
            "thrown": "AH AS",
            "theirs": "TC KD QS",
            "pile": "TC KD QS",
            "holds": "1",
        },
    )
    assert go.status_code == 200 and 'data-testid="play-go"' in go.content.decode()
    for missing in ("starter", "thrown"):
        refused = Client().get(
            "/analysis/play/", {**base, "hand": "5H 6D 9S", "pile": "TC 4C", missing: ""}
        )
        assert refused.status_code == 400


def _ticket(client: Client) -> str:
    page = client.get("/learn/practice/").content.decode()
    return re.search(r'name="ticket" value="([^"]+)"', page).group(1)


def _right_answer(ticket: str) -> dict[str, str]:
    count, _ = ticket_read(ticket)
    return {kind: str(points) for kind, points in count.points_by_kind().items()}


def test_a_right_count_moves_the_accounts_progress_and_counts_once(alice):
    client = signed_in(alice)
    ticket = _ticket(client)
    answer = client.post("/learn/practice/", {"ticket": ticket, **_right_answer(ticket)})
    assert answer.status_code == 200 and "Right:" in answer.content.decode()
    progress = CountingProgress.objects.get(user=alice)
    assert (progress.attempts, progress.correct, progress.streak) == (1, 1, 1)
    again = client.post("/learn/practice/", {"ticket": ticket, **_right_answer(ticket)})
    assert again.status_code == 409 and "answered that hand already" in again.content.decode()
    assert CountingAttempt.objects.filter(user=alice).count() == 1


def test_a_wrong_count_says_what_was_missed_and_the_progress_remembers_it(alice):
    client = signed_in(alice)
    ticket = _ticket(client)
    truth = _right_answer(ticket)
    answer = {**truth, "fifteen": str(int(truth["fifteen"]) + 2)}  # two points too many
    page = client.post("/learn/practice/", {"ticket": ticket, **answer}).content.decode()
    assert "over-counted" in page
    progress = CountingProgress.objects.get(user=alice)
    assert progress.over == {"fifteen": 1} and progress.streak == 0


def test_three_right_answers_raise_the_level(alice):
    client = signed_in(alice)
    for _ in range(3):
        ticket = _ticket(client)
        client.post("/learn/practice/", {"ticket": ticket, **_right_answer(ticket)})
    assert CountingProgress.objects.get(user=alice).level == 2
    assert "level 2 of 5" in client.get("/learn/practice/").content.decode()


def test_a_forged_or_tampered_ticket_is_refused_and_changes_nothing(alice):
    client = signed_in(alice)
    ticket = _ticket(client)
    forged = ticket[:-3] + ("AAA" if not ticket.endswith("AAA") else "BBB")
    for bad in (forged, "not-a-ticket", ""):
        page = client.post("/learn/practice/", {"ticket": bad, "fifteen": "2"})
        assert page.status_code == 400 and "not one this site dealt" in page.content.decode()
    assert not CountingProgress.objects.filter(user=alice).exists()


@pytest.mark.parametrize("value", ["-1", "2.5", "99", "two"])
def test_a_malformed_answer_is_refused(alice, value):
    client = signed_in(alice)
    page = client.post("/learn/practice/", {"ticket": _ticket(client), "fifteen": value})
    assert page.status_code == 400 and "whole number" in page.content.decode()
    assert not CountingAttempt.objects.exists()


def test_answers_are_rate_limited(alice, monkeypatch):
    monkeypatch.setattr("accounts.throttle.time.time", lambda: 1_000_000.0)  # one window
    client = signed_in(alice)
    for _ in range(ANSWERS_PER_MINUTE):
        ticket = _ticket(client)
        client.post("/learn/practice/", {"ticket": ticket, **_right_answer(ticket)})
    ticket = _ticket(client)
    page = client.post("/learn/practice/", {"ticket": ticket, **_right_answer(ticket)})
    assert page.status_code == 429
    assert CountingAttempt.objects.filter(user=alice).count() == ANSWERS_PER_MINUTE


def test_a_visitor_practises_without_progress():
    client = Client()
    ticket = _ticket(client)
    page = client.post("/learn/practice/", {"ticket": ticket, **_right_answer(ticket)})
    assert page.status_code == 200 and "Right:" in page.content.decode()
    assert "Sign in to keep your progress" in page.content.decode()
    assert not CountingAttempt.objects.exists()
