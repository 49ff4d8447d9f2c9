"""The web view: a second adapter over the discord-free core, served by the bot's own process with
aiohttp. One read-only page per game at an unguessable address, the board drawn in the browser from the spectator
view as JSON, live updates as server-sent events. It never imports discord, and the core never imports it."""
