"""The discord-free core: games, moves, posts and the clocks that keep games alive for days.

Nothing here imports discord (a test checks it): ids and names in, frozen results out. One sub-package per part,
each importing only the parts before it: ``words``, ``storage``, ``clocks``, ``table``, ``outbox``, ``days``,
``league``, ``guilds``, ``tutorial``. ``Core`` in ``bot.core.assembly`` puts them together on one storage.
"""
