"""The model-mistakes benchmark tells a repair that changed a call from one that kept what was sent."""

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
