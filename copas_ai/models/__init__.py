"""Models that ship with the package: the learned card model (csrc/search/card_model.h),
fitted by bench/train_card_model.py (the file records the exact command)."""

from __future__ import annotations

import json
import math
from functools import cache
from importlib import resources

from copas_ai import _core

CARD_MODEL_FILE = "card_model.json"
INFERENCE_MODELS = ("policy", "learned")  # the playout policy, or the learned card model


class ModelFileError(ValueError):
    """A model file that is missing, malformed, or made for other features."""


def parse_card_model(text: str, where: str = f"copas_ai/models/{CARD_MODEL_FILE}") -> tuple[float, ...]:
    """The weights of a card-model file's text, in the core's feature order; raises
    ModelFileError naming what is wrong."""
    try:
        model = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ModelFileError(f"{where} is not JSON: {exc}") from None
    names = list(_core.card_feature_names())
    if not isinstance(model, dict) or model.get("format") != "copas-card-model/1":
        raise ModelFileError(f"{where} is not a copas-card-model/1 file")
    if model.get("features") != names:
        raise ModelFileError(f"{where} was made for other features than the core's ({', '.join(names)}); "
                             "retrain it with bench/train_card_model.py")
    weights = model.get("weights")
    if (not isinstance(weights, list) or len(weights) != len(names)
            or not all(isinstance(w, (int, float)) and math.isfinite(w) for w in weights)):
        raise ModelFileError(f"{where}: 'weights' must be {len(names)} finite numbers")
    return tuple(float(w) for w in weights)


@cache
def card_model_weights() -> tuple[float, ...]:
    """The shipped learned card model's weights, in the core's feature order."""
    try:
        text = resources.files(__package__).joinpath(CARD_MODEL_FILE).read_text(encoding="utf-8")
    except OSError as exc:
        raise ModelFileError(f"cannot read copas_ai/models/{CARD_MODEL_FILE}: {exc}") from None
    return parse_card_model(text)


def inference_model_weights(model: str) -> list[float]:
    """The Searcher's `inference_model` argument for an inference model's name."""
    if model not in INFERENCE_MODELS:
        raise ValueError(f"unknown inference model '{model}' ({', '.join(INFERENCE_MODELS)})")
    return list(card_model_weights()) if model == "learned" else []
