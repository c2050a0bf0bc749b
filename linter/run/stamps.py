"""What a path's stat says about its bytes, shared by the caches that trust it.

A stamp changes whenever the bytes do, including the change time, since tools that keep a
file's modification time (`cp -p`, `rsync -t`, `tar`) cannot keep that one. Filesystems
stamp writes with a coarse clock, though, so a file written again within the same tick
keeps its stat (git calls these files "racy"): a stamp vouches for the bytes only once it
is older than `SETTLE_NS` when it is taken.
"""

from __future__ import annotations

import os

# How old a file's timestamps must be, when it is read, for its stat alone to vouch for
# its bytes later: more than any filesystem's timestamp granularity (FAT's is 2 s).
SETTLE_NS = 3_000_000_000


def stamp(info: os.stat_result) -> list:
    return [info.st_mtime_ns, info.st_ctime_ns, info.st_ino, info.st_size]


def is_settled(file_stamp: list, now_ns: int) -> bool:
    """Whether the stamp, taken at `now_ns`, is old enough to vouch for the bytes later."""
    return max(file_stamp[0], file_stamp[1]) < now_ns - SETTLE_NS
