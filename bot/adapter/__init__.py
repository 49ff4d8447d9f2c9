"""The Discord adapter: the discord.py bot, its commands (``exts``), buttons (``ui``), the live messages
(``table``) and the outbox sender, over the discord-free core. Imports go from here to the core, never back.
"""
