"""Card names, values, sorting and the remembered order (static/js/cards.js)."""

from __future__ import annotations

import pytest

from games.engine import full_deck

pytestmark = pytest.mark.browser


def test_every_card_is_named_as_the_engine_names_it(js):
    deck = [str(card) for card in full_deck()]
    names = js('const { cardName } = await load("cards.js"); return arg.map(cardName);', deck)
    assert names == [card.name for card in full_deck()]


def test_pip_values_count_face_cards_as_ten_and_aces_as_one(js):
    values = js(
        'const { cardValue } = await load("cards.js"); return arg.map(cardValue);',
        ["AS", "5H", "TD", "JC", "QS", "KH"],
    )
    assert values == [1, 5, 10, 10, 10, 10]


def test_cards_sort_ascending_descending_or_as_dealt(js):
    dealt = ["KH", "5S", "AD", "5H", "TC", "2S"]
    result = js(
        """
        const { sortCards } = await load("cards.js");
        return { up: sortCards(arg, "ascending"), down: sortCards(arg, "descending"),
                 dealt: sortCards(arg, "dealt"), untouched: arg };
        """,
        dealt,
    )
    assert result["up"] == ["AD", "2S", "5S", "5H", "TC", "KH"]
    assert result["down"] == ["KH", "TC", "5H", "5S", "2S", "AD"]
    assert result["dealt"] == dealt
    assert result["untouched"] == dealt


def test_an_unknown_order_or_a_bad_card_is_refused(js):
    messages = js(
        """
        const { sortCards, cardName } = await load("cards.js");
        const errors = [];
        for (const attempt of [() => sortCards(["5H"], "by colour"), () => cardName("1H"), () => cardName("5X")]) {
          try { attempt(); errors.push("no error"); } catch (error) { errors.push(error.message); }
        }
        return errors;
        """
    )
    assert messages == ["unknown card order: by colour", "not a card: 1H", "not a card: 5X"]


def test_the_chosen_order_is_remembered_in_local_storage(js):
    result = js(
        """
        const { loadCardOrder, saveCardOrder } = await load("cards.js");
        localStorage.clear();
        const before = loadCardOrder();
        saveCardOrder("descending");
        const after = loadCardOrder();
        localStorage.setItem("cribbage.cardOrder", "sideways");
        const tampered = loadCardOrder();
        const profile = loadCardOrder(localStorage, "dealt");
        localStorage.clear();
        const profileOnly = loadCardOrder(localStorage, "dealt");
        const badProfile = loadCardOrder(localStorage, "random");
        return { before, after, tampered, profile, profileOnly, badProfile };
        """
    )
    assert result == {
        "before": "ascending",
        "after": "descending",
        "tampered": "ascending",
        "profile": "dealt",
        "profileOnly": "dealt",
        "badProfile": "ascending",
    }


def test_a_card_button_is_labelled_for_screen_readers_and_its_picture_is_hidden(js):
    result = js(
        """
        const { cardElement, cardBackElement } = await load("cards.js");
        const face = cardElement("5H", { button: true });
        const back = cardBackElement();
        return { tag: face.tagName, label: face.querySelector(".card-name").textContent,
                 ariaLabel: face.getAttribute("aria-label"),
                 svgHidden: face.querySelector("svg").getAttribute("aria-hidden"),
                 red: face.classList.contains("card-red"), backHidden: back.getAttribute("aria-hidden") };
        """
    )
    assert result == {
        "tag": "BUTTON",
        "label": "five of hearts",
        "ariaLabel": None,  # the name is the button's text, so it holds what is visible (2.5.3)
        "svgHidden": "true",
        "red": True,
        "backHidden": "true",
    }
