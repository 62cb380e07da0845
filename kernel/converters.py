"""Strict URL converters: a path segment that cannot be a valid key never reaches a query.

Django's ``str`` converter accepts any character but "/", a NUL byte included, and PostgreSQL
refuses a NUL inside a text parameter with an error (HTTP 500) instead of "no such row". These
converters accept only the characters the keys are made of, so anything else is a plain 404.
"""

from __future__ import annotations


class TokenConverter:
    """An invitation or share token: ``secrets.token_urlsafe`` output (A-Z a-z 0-9 - _)."""

    regex = r"[A-Za-z0-9_-]{1,64}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


class UsernameConverter:
    """A username: up to 150 characters, none of them a control character (NUL included).

    Django's validator allows only letters, digits and @ . + - _ in new names, but a name made
    another way (a data import, the ORM) must still open its page, escaped.
    """

    regex = r"[^/\x00-\x1f\x7f]{1,150}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value
