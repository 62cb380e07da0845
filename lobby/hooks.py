"""The lobby's receivers of the match server's hooks (games/signals.py).

Connected in ``LobbyConfig.ready``. Each is idempotent, as the hook asks: it only sends, after
the hook's transaction commits, a notice that is harmless if repeated.
"""

from __future__ import annotations

from django.dispatch import receiver

from games.signals import match_finished
from lobby.broadcast import match_social_group, send_after_commit


@receiver(match_finished, dispatch_uid="lobby.match_finished")
def match_finished_tell_the_chat(*, match_id: int, **_details) -> None:
    """Tell the match's chat sockets the match is over, so the rematch button can appear."""
    send_after_commit(match_social_group(match_id), {"type": "match_ended"})
