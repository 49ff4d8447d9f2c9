"""The bot's extensions, one package per feature (loaded by ``bot.app.TikalBot.setup_hook``)."""

EXTENSIONS = ("bot.exts.play", "bot.exts.mod", "bot.exts.outbox", "bot.exts.clock")
