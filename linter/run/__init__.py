"""One run: its files, the configuration of each, caches and workers, and each document
composed lint → gate → fixes → report.

The files and the configuration each is linted under, the caches, the worker processes,
and each document linted then gated (`linter`); `check` as an options record and the run
that takes it, through fixes, baseline and report (`check`, `fix_flags`, `fix_session`,
`baseline`); what the run found (`result`); and the caches' trust, stamps and recorded
output (`cache`, `cache_trust`, `run_cache`, `stamps`).

May import: model, text, sources, traffic, config, rules, lint, gate, fixes, report, live,
python_tools.
"""
