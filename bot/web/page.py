"""The HTML of a game's page: the structure and everything a reader needs without the script (the status, the
scores, the position in words), the page's data for the script as JSON (``application/json``: data, never run),
the language switch. Every text is escaped; the script and the style come from this server only."""

from __future__ import annotations

import html
import json
from typing import Any

from bot.web.words import PageWords
from lang import AUTONYMS, LOCALES
from render.palette import MARKER_SYMBOLS


def _text(parts: list[str | int] | None) -> str:
    """A line of parts as plain text (a seat as its marker's symbol)."""
    if parts is None:
        return ""
    return "".join(symbol(p) + " " if isinstance(p, int) else p for p in parts)


def symbol(seat: int) -> str:
    return MARKER_SYMBOLS[seat % len(MARKER_SYMBOLS)]


def _json_script(data: Any) -> str:
    """JSON inside ``<script type="application/json">``: ``<`` escaped, so no text can close the element."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c").replace(
        "&", "\\u0026")


def _languages(words: PageWords, current: str) -> str:
    links = []
    for code in LOCALES:
        name = html.escape(AUTONYMS[code])
        if code == current:
            links.append(f'<a href="?lang={code}" aria-current="true" lang="{code}">{name}</a>')
        else:
            links.append(f'<a href="?lang={code}" lang="{code}" hreflang="{code}">{name}</a>')
    return (f'<nav class="languages" aria-label="{html.escape(words.labels()["language"])}">'
            + " ".join(links) + "</nav>")


def _acting(board: dict[str, Any] | None, seat: int) -> bool:
    """Whether the game waits for ``seat`` (the player to act; in a Tikal Rápido jump, every player choosing)."""
    return seat in (board or {}).get("acting", ())


def _scores(board: dict[str, Any] | None, labels: dict[str, str]) -> str:
    rows = []
    for p in (board or {}).get("players", []):
        current = ' class="to-act" aria-current="true"' if _acting(board, p["seat"]) else ""
        rows.append(f'<tr data-seat="{p["seat"]}"{current}><th scope="row">'
                    f'<span class="marker seat{p["seat"]}" aria-hidden="true">{symbol(p["seat"])}</span> '
                    f'{html.escape(p["name"])}</th><td>{p["score"]}</td>'
                    f'<td>{p["temple_points_now"]}</td><td>{p["treasure_points_now"]}</td></tr>')
    return ('<table id="scores"><thead><tr>'
            f'<th scope="col" rowspan="2">{html.escape(labels["player"])}</th>'
            f'<th scope="col" rowspan="2">{html.escape(labels["points"])}</th>'
            f'<th scope="colgroup" colspan="2" class="group">{html.escape(labels["scoring_now"])}</th></tr>'
            f'<tr><th scope="col">{html.escape(labels["from_temples"])}</th>'
            f'<th scope="col">{html.escape(labels["from_treasures"])}</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>')


def _panels(board: dict[str, Any] | None) -> str:
    """Each player's panel: what they have left and hold (the script draws the same from the data)."""
    out = []
    for p, rows in zip((board or {}).get("players", []), (board or {}).get("panels", []), strict=True):
        items = "".join(f"<li>{html.escape(line)}</li>" for line in rows)
        current = (" to-act", ' aria-current="true"') if _acting(board, p["seat"]) else ("", "")
        out.append(f'<article class="panel{current[0]}" data-seat="{p["seat"]}"{current[1]}><h3>'
                   f'<span class="marker seat{p["seat"]}" aria-hidden="true">{symbol(p["seat"])}</span> '
                   f'<span class="player-name">{html.escape(p["name"])}</span></h3><ul>{items}</ul></article>')
    return "".join(out)


LEGEND_ALWAYS = ("figures", "temple", "camp", "treasure", "stones", "changed")
LEGEND_OPTIONS = {"gun": "guns", "obstacle": "obstacles"}


def _legend(board: dict[str, Any] | None, words: PageWords) -> str:
    """How to read the board: a sample of each thing (the script draws it into the empty ``span``) and its words."""
    options = set((board or {}).get("options", ()))
    texts = words.legend()
    keys = [*LEGEND_ALWAYS, *(k for k, option in LEGEND_OPTIONS.items() if option in options)]
    return "".join(f'<li data-sample="{k}"><span class="sample" aria-hidden="true"></span> {html.escape(texts[k])}</li>'
                   for k in keys)


def page_html(data: dict[str, Any], words: PageWords, extra: dict[str, Any], *, play: str = "") -> str:
    """The whole page. ``data``: ``content.live_data``; ``extra``: what the script needs besides (the palette,
    the addresses of its data and events); ``play``: a member's page's panel (``bot.web.play_page``), whose script
    comes first (it listens to the board's); the spectator's page has neither."""
    labels = words.labels()
    board = data["board"]
    title = html.escape(words.title(data["game"]))
    notice = data["notice"] or ""
    status = _text(board["status"]) if board else ""
    caption = _text(board["caption"]) if board else ""
    alt = board["alt"] if board else ""
    script = {**extra, "data": data, "words": words.script_words(), "labels": labels, "lang": words.locale}
    hidden_board = "" if board else " hidden"
    play_script = '<script src="/static/play.js" defer></script>\n' if play else ""
    return f"""<!doctype html>
<html lang="{words.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex, nofollow">
<title>{title}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/static/page.css">
{play_script}<script src="/static/board.js" defer></script>
</head>
<body>
<header>
<h1>{title}</h1>
{_languages(words, words.locale)}
</header>
<main>
<p id="notice" role="status"{"" if notice else " hidden"}>{html.escape(notice)}</p>
<section id="turn" aria-live="polite"{hidden_board}>
<p id="status">{html.escape(status)}</p>
<p id="auction"></p>
<p id="deadline"></p>
<p id="live" class="quiet"></p>
</section>
<div class="layout"{hidden_board}>
<figure id="figure">
<div id="board" role="group" aria-label="{html.escape(labels["board"])}"></div>
<figcaption id="caption">{html.escape(caption)}</figcaption>
</figure>
<aside>
{play}<section id="details" aria-live="polite">
<h2>{html.escape(labels["details"])}</h2>
<div id="details-body"><p class="quiet">{html.escape(words.script_words()["pick_space"])}</p></div>
</section>
<section>
<h2>{html.escape(labels["scores"])}</h2>
{_scores(board, labels)}
</section>
<section id="players">
<h2>{html.escape(labels["players"])}</h2>
<div id="panels">{_panels(board)}</div>
<p id="stack">{html.escape(board["stack"] if board else "")}</p>
</section>
<section id="history">
<h2>{html.escape(labels["history"])}</h2>
<input id="slider" type="range" min="0" max="0" value="0" disabled list="review-marks"
 aria-label="{html.escape(labels["history_slider"])}">
<datalist id="review-marks"></datalist>
<p><button id="now" type="button" disabled>{html.escape(words.script_words()["now"])}</button>
<span id="position" class="quiet"></span></p>
</section>
<section id="legend">
<h2>{html.escape(labels["legend"])}</h2>
<ul>{_legend(board, words)}</ul>
</section>
</aside>
</div>
<details id="words"{hidden_board}>
<summary>{html.escape(labels["in_words"])}</summary>
<p id="alt">{html.escape(alt)}</p>
</details>
</main>
<script type="application/json" id="page-data">{_json_script(script)}</script>
</body>
</html>
"""


def message_html(title: str, text: str, locale: str) -> str:
    """A page that only says something (no game here, too many requests)."""
    return f"""<!doctype html>
<html lang="{locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>{html.escape(title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/static/page.css">
</head>
<body>
<main><h1>{html.escape(title)}</h1><p id="notice" role="status">{html.escape(text)}</p></main>
</body>
</html>
"""


__all__ = ["message_html", "page_html"]
