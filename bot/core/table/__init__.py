"""The game table: the game store (one read loads a game, one transaction commits its moves) and the services
over it (lobby, turns, computer players, Rápido's jumps), the posts a move queues and the wait's message, seats,
options, autocomplete and hints."""
