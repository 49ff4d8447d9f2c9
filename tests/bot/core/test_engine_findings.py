"""What the bot's work on SPEC 7 found in the engine, kept as failing tests (the engine is not this branch's to
change). The bot is not affected: it never logs a jump before everyone has chosen (``bot.core.jump_choices``)."""

from __future__ import annotations

import pytest

import engine
from engine import Phase
from tests.render.option_cases import option_positions


@pytest.mark.xfail(strict=True, reason="engine.view exposes a jump's chosen numbers through GameView.log (SPEC 7.6.4)")
def test_a_view_during_a_jump_hides_the_numbers_chosen_so_far() -> None:
    state = option_positions()["3p-rapido-first-jump"]
    assert state.phase is Phase.JUMP and not state.chosen
    after = engine.apply(state, "jump 4")
    seen = engine.view(after, None)
    assert seen.phase is Phase.JUMP and seen.chosen == (state.to_act,)
    # SPEC 7.6.4: "The view hides chosen numbers … until everyone has chosen"; its log still reads "jump 4"
    assert "jump 4" not in seen.log
