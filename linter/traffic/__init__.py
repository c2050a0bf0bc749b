"""Recorded calls as evidence for tightening (`check --calls`, `infer`).

Where a team has recorded what calls really send, a tightening fix need not guess: the
values it proposes come from the traffic, and the traffic proves that nothing working
today breaks.

- :mod:`.calls` reads recorded calls in every shape they are kept in (also for `replay`);
  :mod:`.chunks` puts back together the calls a stream logged in pieces (OpenAI chat
  completion chunks, Anthropic and Bedrock content block events); :mod:`.spans` reads the
  calls a telemetry span's attributes record.
- :mod:`.store` reads the calls once, streaming, into a summary per tool of the tool files
  (:mod:`.summary`, with the fixed-size sketches of :mod:`.sketch`), counts the calls to
  any other tool (:mod:`.other_tools`), and reads them again for the fix gate
  (`gate.recorded_calls`).
- :mod:`.values` is what rules ask: the summary at a schema node once at least
  :data:`MIN_SAMPLE` values are there, and the round numbers fixes propose.
- :mod:`.traffic_summary` is all of it as one value that merges exactly with the summary
  of other calls, and its file format (`infer --emit-summary`, `--calls-summary`,
  `schema_lint.spark`).

The `infer` command (`cli.infer`) shows the same numbers as a report. Nothing is imported
here: a rule asking :mod:`.values` must not load the call reader.

May import: text, schema, prose, boundary, sources.
"""
