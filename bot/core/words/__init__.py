"""The bot's words: ``tr``/``ntr`` (``texts``), game things in words (``labels``), the errors written for a
person, the short rules, and what a member typed shown as typed (``escaping``). Pure, no I/O."""
