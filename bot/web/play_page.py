"""The HTML of a member's own page: the spectator's page (``page.page_html``) with the member's panel at the top of
its side column — who they play, where they stand, their own secrets, the actions at the space they chose, the actions
without a space, the choice to confirm, Undo and End turn, and what the bot answered. The script (``static/play.js``)
fills it from the page's data; without the script the panel says how to play on Discord instead."""

from __future__ import annotations

import html
from typing import Any

from bot.web.page import page_html
from bot.web.play_words import PlayWords


def play_section(words: PlayWords, data: dict[str, Any]) -> str:
    """The member's panel as the server writes it: the words the reader needs before the script has run."""
    labels = words.play_labels()
    play = data.get("play") or {}

    def text(value: str) -> str:
        return html.escape(value)

    return f"""<section id="play" aria-labelledby="play-title">
<h2 id="play-title">{text(labels["play"])}</h2>
<p id="play-you">{text(play.get("you", ""))}</p>
<p id="play-standing" role="status">{text(play.get("standing", ""))}</p>
<ul id="play-private"></ul>
<div id="play-here"><p class="quiet">{text(labels["pick_space"])}</p></div>
<div id="play-other"></div>
<div id="play-confirm" hidden></div>
<p id="play-controls"><button id="play-undo" type="button" hidden></button> <button id="play-end" type="button" hidden>\
</button></p>
<p id="play-message" role="alert"></p>
<p class="sign-out"><button id="sign-out" type="button" class="quiet-button">{text(labels["sign_out"])}</button></p>
</section>
"""


def member_page_html(data: dict[str, Any], words: PlayWords, extra: dict[str, Any]) -> str:
    """The whole member's page: ``data`` from ``play_content.member_data``; ``extra`` as ``page_html``'s, with the
    page's own address (``address``, shown instead of the link's) and the session's CSRF token (``csrf``)."""
    return page_html(data, words, extra, play=play_section(words, data))


__all__ = ["member_page_html", "play_section"]
