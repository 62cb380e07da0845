"""The refusals a person is told about, with a stable code."""

from __future__ import annotations

from cribbage_site.errors import SiteError


class TournamentError(SiteError):
    """A tournament action refused; nothing was changed."""
