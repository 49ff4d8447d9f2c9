"""Playing from the web page: a member's own link to one seat of one game and the browser sessions it opens
(``access.py``, over the secrets of ``keys.py``), and what the member's page is made of and does (``play.py``: the
seat's view, the turn's menus of ``bot.core.menus``, the member's own secrets, a move through ``Turns.act``)."""
