"""One timed run of a command: wall time, CPU time to the microsecond, and its own peak RSS.

Shared by the benchmarks that compare whole commands (`check_bench.py`, `scale_bench.py`).

The peak RSS is GNU time's report, not `wait4` on a child of this process: a child forked
from Python keeps Python's peak RSS as its own floor across `exec`, which would hide a small
tool's footprint. The CPU time is `wait4`'s, in microseconds (GNU time and what it waited
for; time itself spends well under a millisecond): GNU time counts in hundredths of a
second, truncated per process, which made a native peer's 120 to 180 ms, and every ratio
to it, move by a tenth from run to run.
"""

from __future__ import annotations

import os
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO

GNU_TIME = "/usr/bin/time"


@dataclass
class Sample:
    wall: float
    cpu: float
    peak_rss_kb: int
    returncode: int


def timed_run(argv: list[str], cwd: Path, report: Path, output: IO[bytes] | int,
              env: dict[str, str] | None = None) -> Sample:
    """Run `argv` once in `cwd` under GNU time, which writes its peak RSS to `report`;
    stdout and stderr go to `output` (a file or `subprocess.DEVNULL`)."""
    start = time.perf_counter()
    child = subprocess.Popen([GNU_TIME, "-f", "%M", "-o", str(report), *argv],
                             stdout=output, stderr=subprocess.STDOUT, env=env, cwd=cwd)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)  # reaped here: Popen must not wait again
    peak = report.read_text().split()[-1]
    return Sample(wall, usage.ru_utime + usage.ru_stime, int(peak), child.returncode)
