"""English heuristics over names and descriptions.

What kind of field a name says (`field_kinds`); what a description says of its values
(`field_prose`), and the bounds, closed sets and formats it states, as schema keywords
(`constraints`), a bound in a unit only on a value in that unit (`units`), none past which
values are said to be taken and handled, capped or truncated (`handled`); which fields
are needed only for one value of another (`conditional_prose`, `conditionals`); and
whether a tool reads, writes or destroys (`side_effects`).

May import: model, text, schema.
"""
