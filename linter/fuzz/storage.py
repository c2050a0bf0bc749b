"""Where hypothesis keeps what it computes once, set before hypothesis-jsonschema is imported
(its import already computes the Unicode tables a text strategy needs).

By default that is `.hypothesis/` in the working directory: a folder left in the user's
project, and those tables (3 s and 200 MB) computed again by the first run in each project.
They go to `hypothesis/` in schema-lint's folder of the user's cache instead, where every
run finds them; `HYPOTHESIS_STORAGE_DIRECTORY` still decides, where it is set. No example
database is kept at all (`generate` runs with `database=None`): a report depends on the
seed alone.
"""

from __future__ import annotations

import os


def keep_out_of_the_project() -> None:
    from hypothesis.configuration import set_hypothesis_home_dir

    from schema_lint.sources import user_cache

    if not os.environ.get("HYPOTHESIS_STORAGE_DIRECTORY"):
        set_hypothesis_home_dir(os.path.join(user_cache.folder(), "hypothesis"))
