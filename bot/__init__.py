"""The Discord bot for Tikal.

The foundation is discord-free: ``bot.storage`` keeps every guild's games in one SQLite file and
``bot.service`` runs lobbies and games on plain ids and names. The Discord adapter sits on top.
"""
