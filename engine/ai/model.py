"""The strong player's judgement as data: ``model.json`` holds the weights of the features, the shape of
the temple contests and how much the opponents' values count, with the command that fitted them."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .features import FEATURES

MODEL_FILE = Path(__file__).with_name("model").with_suffix(".json")


@dataclass(frozen=True, slots=True)
class Model:
    weights: tuple[float, ...]
    """One per feature, in the order of ``features.FEATURES``."""
    mobile: float
    """Share of what a seat could bring to a temple in one turn counted in its effective strength there."""
    sharpness: float
    """Power of the effective strengths in a temple's shares (higher: nearer to winner takes all)."""
    opponents_best: float
    """Share of the best opponent's value taken off the seat's own in a judgement."""
    opponents_mean: float
    """Share of the opponents' mean value taken off too."""
    command: str = ""
    """How the weights were fitted (or set)."""

    def as_json(self) -> dict[str, object]:
        return {
            "command": self.command, "mobile": self.mobile, "sharpness": self.sharpness,
            "opponents_best": self.opponents_best, "opponents_mean": self.opponents_mean,
            "weights": dict(zip(FEATURES, self.weights, strict=True)),
        }


def model_from_json(data: dict[str, object]) -> Model:
    named = data["weights"]
    if not isinstance(named, dict) or set(named) != set(FEATURES):
        raise ValueError(f"the model's weights do not fit the features {FEATURES}")
    return Model(tuple(float(named[f]) for f in FEATURES), float(str(data["mobile"])),
                 float(str(data["sharpness"])), float(str(data["opponents_best"])),
                 float(str(data["opponents_mean"])), str(data.get("command", "")))


def read_model(path: Path) -> Model:
    data = json.loads(path.read_text())
    if not isinstance(data, dict):
        raise ValueError(f"{path} is not a model")
    return model_from_json(data)


@cache
def strong_model() -> Model:
    return read_model(MODEL_FILE)
