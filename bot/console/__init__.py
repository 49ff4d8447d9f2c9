"""The local console: ``python -m bot`` without a token, a third way in to the same core beside Discord
(``bot.adapter``) and the web page (``bot.web``). The game is played in a terminal with the Discord commands as one
would type them; its pictures and record go to a folder of its own.

``run`` the command line and terminal loop, ``table`` one game (pictures, hint, rules, review), ``folders`` where
games are kept and continued, ``typed`` a typed line read as a command, ``tutorial`` the guided game."""
