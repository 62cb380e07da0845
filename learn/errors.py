"""The learn pages' one refusal: a card set or an answer that cannot be read."""

from __future__ import annotations

from kernel.errors import SiteError


class LearnError(SiteError):
    """Bad input to the counter, the practice or the board; ``code`` says which part."""

    status = 400
