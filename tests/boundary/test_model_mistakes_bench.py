"""The model-mistakes benchmark tells a repair that changed a call from one that kept what was sent."""

import pytest
from conftest import bench_module

from schema_lint.boundary import Policy, ToolBoundary

model_mistakes = bench_module("model_mistakes")

SCHEMA = {"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string"}}}}


def classify(truth, mistake, value):
    boundary = ToolBoundary(SCHEMA, name="t", policy=Policy.from_names(["scalar-for-array"]))
    return model_mistakes.classify(boundary, truth, mistake, "tags", value)


def test_wrapping_the_one_item_meant_is_a_true_repair():
    assert classify({"tags": ["a"]}, "bare-scalar-one", "a") == "true repair"


def test_wrapping_the_first_of_several_items_is_lost_by_the_model_not_hidden():
    assert classify({"tags": ["a", "b"]}, "bare-scalar-many", "a") == "lost by the model"


def test_a_repair_that_disagrees_with_what_was_sent_is_a_hidden_error():
    # Claimed as a shape-only mistake, so what was sent says ["a", "b"]: wrapping "a" changed it.
    assert classify({"tags": ["a", "b"]}, "bare-scalar-one", "a") == "hidden error"


def test_a_joined_list_is_rejected_at_its_path():
    assert classify({"tags": ["a", "b"]}, "joined-list", "a, b") == "rejected"


def test_the_benchmark_builds_both_bare_scalar_mistakes_only_where_they_apply():
    built = model_mistakes.mistakes({"tags": ["a", "b"]}, SCHEMA)
    assert ("bare-scalar-many", "tags", "a") in built
    assert not any(mistake == "bare-scalar-one" for mistake, _, _ in built)


WEATHER = {"type": "object", "additionalProperties": False, "required": ["location", "user_id"],
           "properties": {"location": {"type": "string"}, "user_id": {"type": "string"}}}
TRUTH = {"location": "Paris", "user_id": "u1"}


@pytest.mark.parametrize(("mistake", "name", "value"), [
    ("list-for-one-value", "location", ["Paris"]),
    ("near-miss-key", "location", "loc"),
    ("near-miss-key", "user_id", "userId"),
])
def test_applying_the_envelope_of_a_rejected_mistake_gives_the_ground_truth(mistake, name, value):
    boundary = ToolBoundary(WEATHER, name="weather")
    assert model_mistakes.judge(boundary, TRUTH, mistake, name, value) == ("rejected", True)


def test_the_benchmark_builds_the_list_and_key_mistakes():
    built = model_mistakes.mistakes(TRUTH, WEATHER)
    assert ("list-for-one-value", "location", ["Paris"]) in built
    assert ("near-miss-key", "location", "loc") in built and ("near-miss-key", "user_id", "userId") in built
