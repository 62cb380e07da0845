"""How to play Cribbage well, beside the rules of how to play it at all.

games.engine says what is legal and what it scores; this package says what is good: the exact
search of the play, the tables made offline (``data/``), the chance to win, the opponent model,
the discard analysis and the graded review of a finished match (``review/``). It is pure Python
like the engine and builds on it; the engine imports nothing of it, so the rules stay small and
readable. The bots and the review app import it (docs/engine.md, docs/review.md).
"""
