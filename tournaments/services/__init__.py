"""Tournament services: every write to a tournament goes through here (docs/tournaments.md)."""
