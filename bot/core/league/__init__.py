"""The league: ratings updated once per finished game, seasons and leaderboards, a server's games looked back on
(history, exports, replays)."""
