"""Who may speak in chat, and who hears whom: one place the chat asks.

Why a registry in the kernel: the chat lives in the lobby, while the rules that silence people
belong to apps beside it (social: blocks and personal mutes; moderation: staff mutes and chat
bans). Those apps register their checks at start-up (their AppConfig.ready), and the chat
consults `refusal_to_speak` before it stores a line and `hears` before it hands a line to one
listener, without importing any of them.
"""

from __future__ import annotations

from collections.abc import Callable

#: user id -> the reason this person may not speak now, or None.
SpeakCheck = Callable[[int], "str | None"]
#: (listener's user id, speaker's user id) -> whether the listener hears the speaker.
HearCheck = Callable[[int, int], bool]

_speak_checks: list[SpeakCheck] = []
_hear_checks: list[HearCheck] = []


def register_speak_check(check: SpeakCheck) -> None:
    """Add a rule that may refuse a speaker (registering the same one twice is harmless)."""
    if check not in _speak_checks:
        _speak_checks.append(check)


def register_hear_check(check: HearCheck) -> None:
    """Add a rule that may hide a speaker from one listener (idempotent, like the above)."""
    if check not in _hear_checks:
        _hear_checks.append(check)


def refusal_to_speak(user_id: int) -> str | None:
    """The first registered reason `user_id` may not speak, or None when every rule allows it."""
    for check in _speak_checks:
        reason = check(user_id)
        if reason:
            return reason
    return None


def hears(listener_id: int | None, speaker_id: int | None) -> bool:
    """Whether a line by `speaker_id` reaches `listener_id` (anonymous listeners hear all)."""
    if listener_id is None or speaker_id is None or listener_id == speaker_id:
        return True
    if any(
        speaker_id in finder(listener_id, frozenset({speaker_id})) for finder in _silence_finders
    ):
        return False
    return all(check(listener_id, speaker_id) for check in _hear_checks)


#: listener's user id -> whether they chose to hear no chat at all (the panels then show a note).
DeafCheck = Callable[[int], bool]
_deaf_checks: list[DeafCheck] = []


def register_deaf_check(check: DeafCheck) -> None:
    """Add a rule by which a listener hears nobody (idempotent, like the above)."""
    if check not in _deaf_checks:
        _deaf_checks.append(check)


def hears_nobody(listener_id: int | None) -> bool:
    """Whether ``listener_id`` muted all chat: the chat sends them no history and no lines but
    their own, and their panels say why (anonymous listeners hear all)."""
    return listener_id is not None and any(check(listener_id) for check in _deaf_checks)


#: (listener's user id, speakers' ids) -> those of the speakers the listener does not hear: a
#: hear check asked for many speakers at once, so a room's history costs one question, not one
#: per speaker. ``hears`` asks it for one speaker.
SilenceFinder = Callable[[int, frozenset[int]], "set[int]"]
_silence_finders: list[SilenceFinder] = []


def register_silence_finder(finder: SilenceFinder) -> None:
    """Add a rule, asked for many speakers at once, that hides some from a listener."""
    if finder not in _silence_finders:
        _silence_finders.append(finder)


def speakers_heard(listener_id: int | None, speaker_ids: set[int]) -> set[int]:
    """The speakers of ``speaker_ids`` whose lines reach ``listener_id``: all of them for an
    anonymous listener, only themselves for one who muted all chat, else those no rule hides."""
    speakers = set(speaker_ids)
    if listener_id is None:
        return speakers
    own = speakers & {listener_id}
    others = speakers - own
    if not others or hears_nobody(listener_id):
        return own
    for finder in _silence_finders:
        others -= finder(listener_id, frozenset(others))
    return own | {
        speaker for speaker in others if all(check(listener_id, speaker) for check in _hear_checks)
    }
