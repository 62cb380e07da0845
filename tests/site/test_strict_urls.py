"""A path segment that cannot be a key is a plain 404, never a database error.

PostgreSQL refuses a NUL byte inside a text parameter, so before the strict converters
``/lobby/invite/%00/`` reached a query and answered 500 there.
"""

from __future__ import annotations

import pytest

from tests.support.people import make_user

BAD_SEGMENTS = ["%00", "a%00b", "%0A", "x%20y"]


@pytest.mark.django_db
@pytest.mark.parametrize("segment", BAD_SEGMENTS)
@pytest.mark.parametrize(
    "route",
    [
        "/lobby/invite/{}/",
        "/lobby/invite/{}/accept/",
        "/lobby/invite/{}/cancel/",
        "/accounts/players/{}/",
    ],
)
def test_it_answers_404_for_a_segment_no_key_can_hold(client, alice, route, segment):
    client.force_login(alice)
    path = route.format(segment)
    response = client.post(path) if path.endswith(("accept/", "cancel/")) else client.get(path)
    assert response.status_code == 404


@pytest.mark.django_db
def test_a_real_username_with_its_allowed_punctuation_still_opens_the_profile(client):
    user = make_user("dot.ted+plus@home-1_x")
    response = client.get(f"/accounts/players/{user.username}/")
    assert response.status_code == 200
    assert "dot.ted+plus@home-1_x" in response.content.decode()
