"""What the bot says in Discord, one module per kind of message (docs/channel.md): pure functions, no I/O, from views,
game infos and outbox payloads to embeds and lines; the game's words come from ``bot.core.words.labels``. Mentions only
ever go in a message's content, never in an embed. Sending them is the table's and the outbox's."""
