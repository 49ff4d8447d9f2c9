"""Every error keeps today's English text, character for character (``error_corpus.py``): refused moves
of seeded random games, unreadable moves, bad records and snapshots, and the errors outside the checks."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.engine.error_corpus import BAD_RECORDS, TEXTS, game_states, other_messages, record_message, refused
from tests.engine.error_corpus import snapshot_messages as snapshot_texts

PINNED: dict[str, Any] = json.loads(TEXTS.read_text(encoding="utf-8"))


def test_the_corpus_covers_many_messages() -> None:
    assert len(PINNED["moves"]) > 300
    assert len(PINNED["records"]) == len(BAD_RECORDS)


def test_refused_moves_keep_their_text() -> None:
    for case in PINNED["moves"]:
        assert refused(game_states(case["game"])[case["at"]], case["move"]) == case["message"], case


@pytest.mark.parametrize("index", range(len(BAD_RECORDS)))
def test_bad_records_keep_their_text(index: int) -> None:
    assert record_message(BAD_RECORDS[index]) == PINNED["records"][index]


def test_bad_snapshots_and_other_errors_keep_their_text() -> None:
    assert snapshot_texts() == PINNED["snapshots"]
    assert other_messages() == PINNED["other"]
