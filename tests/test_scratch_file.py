"""`scratch_file.create` keeps `tempfile.mkstemp`'s promises: a new file, the owner's alone,
never one already there, and never through a link planted under the chosen name."""

from __future__ import annotations

import os
import stat

import pytest

from schema_lint.fixes import scratch_file


def test_a_scratch_file_is_new_private_and_in_the_folder_asked(tmp_path):
    descriptor, path = scratch_file.create(str(tmp_path), ".index-", ".tmp")
    try:
        assert not os.get_inheritable(descriptor)  # a child process (a live server) never holds it
        os.write(descriptor, b"written")
    finally:
        os.close(descriptor)
    name = os.path.basename(path)
    assert os.path.dirname(path) == str(tmp_path) and name.startswith(".index-") and name.endswith(".tmp")
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    with open(path, "rb") as written:
        assert written.read() == b"written"


def test_a_name_taken_by_a_file_or_a_planted_link_is_passed_over(tmp_path, monkeypatch):
    taken = tmp_path / ".x-000000000000"
    taken.write_text("keep")
    (tmp_path / ".x-010101010101").symlink_to(tmp_path / "elsewhere")
    draws = iter([bytes(6), b"\x01" * 6, b"\x02" * 6])
    monkeypatch.setattr(os, "urandom", lambda size: next(draws))
    descriptor, path = scratch_file.create(str(tmp_path), ".x-")
    os.close(descriptor)
    assert path == str(tmp_path / ".x-020202020202")
    assert taken.read_text() == "keep" and not (tmp_path / "elsewhere").exists()


def test_a_folder_with_no_free_name_is_an_error_not_a_loop(tmp_path, monkeypatch):
    (tmp_path / ".x-000000000000").write_text("")
    monkeypatch.setattr(os, "urandom", bytes)  # every draw is the taken name
    with pytest.raises(FileExistsError):
        scratch_file.create(str(tmp_path), ".x-")
    assert os.listdir(tmp_path) == [".x-000000000000"]
