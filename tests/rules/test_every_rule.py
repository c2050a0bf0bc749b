"""Every rule has its own test file: `rules/<module>.py` is tested in
`tests/rules/test_<module>.py`, which names the rule's code, so a new rule cannot land
without tests and a rule's tests are found by its module's name."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from schema_lint.config.selection import RULES_PACKAGE, builtin_rule_modules
from schema_lint.rule import load_rules

HERE = Path(__file__).resolve().parent


def _test_file(module: str) -> Path:
    return HERE / f"test_{module}.py"


@pytest.mark.parametrize("module", builtin_rule_modules())
def test_each_rule_module_has_a_test_file_that_names_its_code(module):
    code = importlib.import_module(f"{RULES_PACKAGE}.{module}").CODE
    path = _test_file(module)
    assert path.is_file(), f"rules/{module}.py ({code}) has no tests/rules/{path.name}"
    assert code in path.read_text(encoding="utf-8"), f"tests/rules/{path.name} never names {code}"


def test_every_rule_loaded_from_this_package_is_one_of_its_modules():
    """The rules `load_rules` returns from this package are those of the modules the test
    above covers, one each: a rule is loaded from the module that defines its check."""
    modules = [rule.check.__module__.removeprefix(f"{RULES_PACKAGE}.") for rule in load_rules().values()
               if rule.check.__module__.startswith(f"{RULES_PACKAGE}.")]
    assert sorted(modules) == sorted(builtin_rule_modules())


def test_every_rule_test_file_is_named_for_a_rule_module():
    """A rule renamed or removed takes its test file's name with it."""
    named = {path.name for path in HERE.glob("test_sl[0-9][0-9][0-9]_*.py")}
    assert named <= {_test_file(module).name for module in builtin_rule_modules()}
