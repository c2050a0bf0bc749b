"""Third-party rule packs load through the entry-point group, and finding none is cheap."""

from __future__ import annotations

import sys
import zipfile

from lintkit import install_rule_pack

from schema_lint.config import entry_points
from schema_lint.rule import ENTRY_POINT_GROUP, load_rules

def test_a_rule_pack_on_sys_path_is_loaded(tmp_path, monkeypatch):
    install_rule_pack(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "xy_rules", raising=False)
    rules = load_rules()
    assert rules["XY900"].name == "from-a-pack"
    assert "SL001" in rules


def test_only_a_declaration_of_our_group_counts(tmp_path, monkeypatch):
    install_rule_pack(tmp_path, group="console_scripts")
    (tmp_path / "old.egg-info").write_text("not a folder", encoding="utf-8")
    monkeypatch.setattr(sys, "path", [str(tmp_path), str(tmp_path / "missing")])
    assert not entry_points.may_declare(ENTRY_POINT_GROUP)
    assert entry_points.may_declare("console_scripts")
    assert list(entry_points.load(ENTRY_POINT_GROUP)) == []


def test_a_zip_on_sys_path_leaves_the_answer_to_importlib_metadata(tmp_path, monkeypatch):
    archive = tmp_path / "pack.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("xy_rules-1.0.dist-info/entry_points.txt", f"[{ENTRY_POINT_GROUP}]\nxy900 = xy_rules\n")
    monkeypatch.setattr(sys, "path", [str(archive)])
    assert entry_points.may_declare(ENTRY_POINT_GROUP)


def test_rule_codes_name_exactly_the_rules_load_rules_loads():
    from schema_lint.config.selection import rule_codes

    rule_codes.cache_clear()
    assert rule_codes() == set(load_rules())


def test_the_scan_runs_once_per_import_path_and_sees_a_path_added_later(tmp_path, monkeypatch):
    """A run asks up to three times; each new import path (a pack's folder prepended) is looked at."""
    listed = []
    real_listdir = entry_points.os.listdir
    monkeypatch.setattr(entry_points.os, "listdir", lambda folder: listed.append(folder) or real_listdir(folder))
    empty, packed = tmp_path / "empty", tmp_path / "packed"
    empty.mkdir()
    packed.mkdir()
    install_rule_pack(packed)
    monkeypatch.setattr(sys, "path", [str(empty)])
    assert not entry_points.may_declare(ENTRY_POINT_GROUP) and not entry_points.may_declare(ENTRY_POINT_GROUP)
    assert listed == [str(empty)]
    monkeypatch.setattr(sys, "path", [str(packed), str(empty)])
    assert entry_points.may_declare(ENTRY_POINT_GROUP)


def test_the_rule_modules_are_listed_as_pkgutil_lists_them(monkeypatch):
    """Listed from the folder without importing pkgutil; from a zip (no folder to list), by pkgutil."""
    import os
    import pkgutil
    from types import SimpleNamespace

    import schema_lint.rules
    from schema_lint.config import selection

    expected = tuple(info.name for info in pkgutil.iter_modules(schema_lint.rules.__path__)
                     if not info.name.startswith("_"))
    selection.builtin_rule_modules.cache_clear()
    assert selection.builtin_rule_modules() == expected and len(expected) > 40

    def not_a_folder(path):
        raise NotADirectoryError(path)

    monkeypatch.setattr(selection, "os", SimpleNamespace(path=os.path, listdir=not_a_folder))  # pkgutil's stays
    selection.builtin_rule_modules.cache_clear()
    try:
        assert selection.builtin_rule_modules() == expected
    finally:
        selection.builtin_rule_modules.cache_clear()
