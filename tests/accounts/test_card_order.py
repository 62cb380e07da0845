"""The card order chosen at the table is one setting: a member's is saved to the account (so the
profile and preferences agree), a guest's stays in the browser."""

from __future__ import annotations

from django.test import Client

from accounts.models import Profile


def test_a_members_card_order_from_the_table_is_saved_to_the_profile(client, alice):
    client.force_login(alice)
    response = client.post("/accounts/preferences/card-order/", {"card_order": "descending"})
    assert response.status_code == 200
    assert response.json() == {"card_order": "descending"}
    assert Profile.objects.get(user=alice).card_order == "descending"
    preferences = client.get("/accounts/preferences/").content.decode()
    assert 'value="descending" selected' in preferences
    page = client.get("/").content.decode()
    assert 'data-card-order="descending"' in page and 'data-card-order-saved="account"' in page


def test_a_card_order_that_is_not_one_of_the_choices_is_refused_and_nothing_changes(client, alice):
    client.force_login(alice)
    response = client.post("/accounts/preferences/card-order/", {"card_order": "by colour"})
    assert response.status_code == 400
    assert response.json()["error"] == "bad_preference"
    assert "by colour" in response.json()["message"]
    assert Profile.objects.get(user=alice).card_order == "ascending"


def test_guests_and_visitors_keep_their_card_order_in_the_browser(client, db):
    assert (
        Client().post("/accounts/preferences/card-order/", {"card_order": "dealt"}).status_code
        == 403
    )
    client.post("/accounts/guest/", {"next": "/"})
    response = client.post("/accounts/preferences/card-order/", {"card_order": "dealt"})
    assert response.status_code == 403
    assert 'data-card-order-saved="browser"' in client.get("/").content.decode()
