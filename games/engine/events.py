"""Events: what happened, as plain data, with the parts only one seat may see kept apart.

``data`` is public. ``private[seat]`` is merged into ``data`` only for that seat, so the server
can store one event and hand each viewer exactly its share (:meth:`Event.for_viewer`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. ``type`` is past-tense snake_case (``card_played``)."""

    type: str
    data: dict[str, Any]
    private: dict[int, dict[str, Any]] = field(default_factory=dict)

    def for_viewer(self, seat: int | None) -> dict[str, Any]:
        """The event as ``seat`` (or a spectator, ``None``) receives it."""
        data = dict(self.data)
        if seat is not None and seat in self.private:
            data.update(self.private[seat])
        return {"type": self.type, "data": data}

    def to_dict(self) -> dict[str, Any]:
        """Full JSON form for storage (server only: it holds every seat's private part)."""
        return {
            "type": self.type,
            "data": self.data,
            "private": {str(seat): part for seat, part in self.private.items()},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Event:
        private = {int(seat): part for seat, part in data.get("private", {}).items()}
        return cls(data["type"], data["data"], private)
