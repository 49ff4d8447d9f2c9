"""The bot's extensions, one package per feature, loaded by name (``bot.adapter.app.TikalBot.setup_hook``)."""

EXTENSIONS = ("bot.adapter.exts.play", "bot.adapter.exts.games", "bot.adapter.exts.mod", "bot.adapter.exts.outbox",
              "bot.adapter.exts.clock", "bot.adapter.exts.tutorial")
