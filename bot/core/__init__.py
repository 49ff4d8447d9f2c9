"""The discord-free core: games, moves, posts and the clocks that keep games alive for days.

Nothing here imports discord (a test checks it): ids and names in, frozen results out. ``Core`` in
``bot.core.assembly`` puts the pieces together on one storage.
"""
