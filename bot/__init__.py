"""The Discord bot for Tikal.

The foundation is discord-free: ``bot.core`` keeps every guild's games (``bot.core.storage``: one SQLite file, or
PostgreSQL) and runs lobbies and games on plain ids and names (``bot.core.table``). The Discord adapter
(``bot.adapter``) sits on top.
"""
