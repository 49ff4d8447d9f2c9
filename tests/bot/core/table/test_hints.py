"""A hint is one result, ``Suggestion``, written for each medium: its reason sits beside the step it explains,
names hexagons by what they are and counts points in the singular and plural."""

from __future__ import annotations

import engine
from bot.core.table.hints import Step, Suggestion, hint_plain, hint_text, suggest
from engine import new_game, view
from engine.ai import explain
from engine.messages import Msg
from lang import LOCALES, translator


def _auction_pick_view() -> engine.GameView:
    state = new_game(["Ana", "Ben", "Cid"], "auction", 9)
    while state.phase is not engine.Phase.PICK:
        state = engine.apply(state, "bid 1" if state.high_bid == 0 else "pass")
    return view(state, state.to_act)


def test_the_reason_stands_beside_the_step_it_explains_in_both_media() -> None:
    steps = [Step(engine.parse_move("place A3 0"), None), Step(engine.parse_move("deploy A1 3"), 3),
             Step(engine.parse_move("uncover A2 1"), 2)]
    why = Msg("ai.why.safe", move="uncover A2 1", space="A2", mine=3, theirs=0, rival="Ben")
    suggestion = Suggestion(steps, why)
    assert suggestion.key == 2
    plain = hint_plain("Ana", suggestion).splitlines()
    assert plain[1:4] == ["  place A3 0", "  deploy A1 3 · 3 AP",
                          "  uncover A2 1 · 2 AP — why: your majority at A2 (3 vs 0) is safe from Ben this turn"]
    discord = hint_text("Ana", suggestion).splitlines()
    assert discord[3].startswith("• `/tikal uncover` space:A2 levels:1 · 2 AP — _why:_ your majority at A2")
    assert "_Why:_" not in "\n".join(discord)
    unnamed = Suggestion(steps, Msg("ai.why.end", move="end"))
    assert unnamed.key is None and hint_plain("Ana", unnamed).splitlines()[1].startswith("Why: ")


def test_the_auction_reasons_name_hexagons_by_what_they_are_and_count_points() -> None:
    seen = _auction_pick_view()
    why = explain(seen, ["pick 1"])
    assert why.code == "ai.why.pick"
    named = engine.HEXAGONS[seen.shown[0]].words()
    for locale in LOCALES:
        text = translator(locale).message(why)
        assert seen.shown[0] not in text and translator(locale).message(named) in text, text  # not "A-5"
    assert str(Msg("ai.why.bid", move="bid 1", n=1)) == "the best shown hexagon is worth more than 1 point to you"
    assert str(Msg("ai.why.pass", move="pass", n=1)).startswith("no shown hexagon is worth 1 point more")
    assert translator("es").message(Msg("ai.why.bid", move="bid 1", n=1)).endswith("más de 1 punto")


def test_a_suggestion_from_a_view_keeps_its_reason_on_one_of_its_steps() -> None:
    state = new_game(["Ana", "Ben"], "basic", 7)
    suggestion = suggest(view(state, state.to_act), 3)
    assert suggestion.key is not None
    assert str(suggestion.steps[suggestion.key].move) == suggestion.why.params["move"]
