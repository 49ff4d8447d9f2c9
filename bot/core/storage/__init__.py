"""Where every guild's games are kept: one API (``base``: ``Storage``, ``Reader``, ``Transaction`` and their
rows) and its two backends behind it, SQLite (``sqlite``) and PostgreSQL (``postgres``), with their numbered
migrations. Nothing here knows a turn: a post is a kind and a payload, a move's facts are JSON."""
