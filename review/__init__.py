"""Review of finished matches: the replay page, the stored analysis, sharing, export, and
playing a match's deals again. Above games: it imports games, never the reverse."""
