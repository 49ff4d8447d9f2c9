"""The guided first game: lessons as data (``lessons/*.toml``: a prepared start, the computer player's
turns, steps with a goal, a text, a highlight and a move to suggest), the goals checked against the engine, the
computer player's turns, each member's progress (table ``tutorials``) and the ``Tutorials`` service; the commit hook
``judge`` moves a tutorial on in the transaction of the member's move. The local console plays the same lessons
with the same texts (``bot.console.tutorial``)."""
