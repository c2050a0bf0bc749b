"""One small tool per fixable rule, each triggering exactly one fix of that rule.

Shared by the before/after tests (exact bytes in every JSON layout and in commented
YAML). The "after" tool of each case is written out by hand: the oracle the edit layer
is held to (a new member comes last in its object, a replaced value keeps its place).
"""

from __future__ import annotations

TITLE = {"type": "string", "maxLength": 200}
# Tightening fixes rest on what the schema says: each case states its evidence.
REQUIRED_TITLE = {**TITLE, "description": "The required ticket title."}


def tool(properties: dict, required: list | None = None, **extra) -> dict:
    schema = {"type": "object", "properties": properties}
    if required is not None:
        schema["required"] = required
    schema.update(extra)
    schema.setdefault("additionalProperties", False)
    return {"name": "create_ticket", "description": "Create a ticket.", "inputSchema": schema}


def openai_tool(properties: dict, required: list) -> dict:
    parameters = {"type": "object", "properties": properties, "required": required, "additionalProperties": False}
    return {"type": "function", "function": {
        "name": "create_ticket", "description": "Create a ticket.", "strict": True, "parameters": parameters}}


# Fixes offered only on recorded calls (`--calls`), tested with their traffic in tests/test_traffic.py:
# SL201 closes an object when 20 calls show no other key (under openai-strict SL601 closes it);
# SL202 narrows a union to its array form when 20 calls sent arrays only.
TRAFFIC_ONLY_FIXES = frozenset({"SL201", "SL202"})
# Rules whose every fix is a suggestion, never written by `--fix` (tested in their own files):
# SL103 requiring a field with a default would refuse the calls that leave it out.
SUGGESTIONS_ONLY = frozenset({"SL103"})
# code → (before, after, profiles to enable)
CASES: dict[str, tuple[dict, dict, tuple[str, ...]]] = {
    "SL004": (tool({"title": {"type": "string", "maxlength": 200}}, ["title"]),
              tool({"title": {"type": "string", "maxLength": 200}}, ["title"]), ()),
    "SL005": (tool({"count": {"type": "int", "minimum": 1, "maximum": 9}}, ["count"]),
              tool({"count": {"type": "integer", "minimum": 1, "maximum": 9}}, ["count"]), ()),
    "SL009": (tool({"title": TITLE}, ["title"], then={"required": ["title"]}),
              tool({"title": TITLE}, ["title"]), ()),
    "SL010": (tool({"channel": {"type": "string", "const": "email", "enum": ["console", "email"]}}, ["channel"]),
              tool({"channel": {"type": "string", "const": "email"}}, ["channel"]), ()),
    "SL011": (tool({"status": {"type": "string", "enum": ["open", "closed", "closed"]}}, ["status"]),
              tool({"status": {"type": "string", "enum": ["open", "closed"]}}, ["status"]), ()),
    "SL012": (tool({"level": {"type": "integer", "enum": [1, 2, "3"]}}, ["level"]),
              tool({"level": {"type": "integer", "enum": [1, 2]}}, ["level"]), ()),
    "SL013": (tool({"year": {"type": "string", "pattern": "^(?P<year>\\d{4})$"}}, ["year"]),
              tool({"year": {"type": "string", "pattern": "^(\\d{4})$"}}, ["year"]), ()),
    "SL014": (tool({"zip": {"type": "integer", "maxLength": 5, "minimum": 0, "maximum": 99999}}, ["zip"]),
              tool({"zip": {"type": "integer", "minimum": 0, "maximum": 99999}}, ["zip"]), ()),
    "SL016": (tool({"when": {"type": "string", "format": "datetime"}}, ["when"]),
              tool({"when": {"type": "string", "format": "date-time"}}, ["when"]), ()),
    "SL017": (tool({"title": {"$ref": "#/$defs/Title"}}, ["title"], **{"$defs": {"Title": TITLE, "Old": TITLE}}),
              tool({"title": {"$ref": "#/$defs/Title"}}, ["title"], **{"$defs": {"Title": TITLE}}), ()),
    "SL020": ({"name": "create_ticket", "description": "Create a ticket.", "inputSchema": {
                  "properties": {"title": TITLE}, "required": ["title"], "additionalProperties": False}},
              {"name": "create_ticket", "description": "Create a ticket.", "inputSchema": {
                  "properties": {"title": TITLE}, "required": ["title"], "additionalProperties": False,
                  "type": "object"}}, ()),
    "SL101": (tool({"title": REQUIRED_TITLE}),
              {"name": "create_ticket", "description": "Create a ticket.", "inputSchema": {
                  "type": "object", "properties": {"title": REQUIRED_TITLE}, "additionalProperties": False,
                  "required": ["title"]}}, ()),
    "SL102": (tool({"title": TITLE, "channel": {"type": "string", "enum": ["console", "email"]},
                    "recipient": {"type": "string", "format": "email", "description": "Who to notify by email."}},
                   ["title", "channel"]),
              {"name": "create_ticket", "description": "Create a ticket.", "inputSchema": {
                  "type": "object",
                  "properties": {"title": TITLE, "channel": {"type": "string", "enum": ["console", "email"]},
                                 "recipient": {"type": "string", "format": "email",
                                               "description": "Who to notify by email."}},
                  "required": ["title", "channel"], "additionalProperties": False,
                  "allOf": [{"if": {"properties": {"channel": {"const": "email"}}, "required": ["channel"]},
                             "then": {"required": ["recipient"]}}]}}, ()),
    "SL301": (tool({"title": {"type": "string", "minLength": 1, "description": "At most 256 characters."}}, ["title"]),
              tool({"title": {"type": "string", "minLength": 1, "description": "At most 256 characters.",
                              "maxLength": 256}}, ["title"]), ()),
    "SL302": (tool({"tags": {"type": "array", "items": {"type": "string", "maxLength": 20},
                             "description": "Up to 100 items."}}, ["tags"]),
              tool({"tags": {"type": "array", "items": {"type": "string", "maxLength": 20},
                             "description": "Up to 100 items.", "maxItems": 100}}, ["tags"]), ()),
    "SL303": (tool({"quantity": {"type": "integer"}}, ["quantity"]),
              tool({"quantity": {"type": "integer", "minimum": 0}}, ["quantity"]), ()),
    "SL304": (tool({"email": {"type": "string", "maxLength": 254, "minLength": 1, "examples": ["ops@example.com"]}},
                   ["email"]),
              tool({"email": {"type": "string", "maxLength": 254, "minLength": 1, "examples": ["ops@example.com"],
                              "format": "email"}}, ["email"]), ()),
    "SL305": (tool({"title": {**TITLE, "description": "Must not be empty."}}, ["title"]),
              tool({"title": {**TITLE, "description": "Must not be empty.", "minLength": 1}}, ["title"]), ()),
    "SL306": (tool({"code": {"type": "string", "pattern": "[A-Z]{3}", "maxLength": 3, "examples": ["ABC"]}}, ["code"]),
              tool({"code": {"type": "string", "pattern": "^[A-Z]{3}$", "maxLength": 3, "examples": ["ABC"]}}, ["code"]),
              ()),
    "SL307": (tool({"kind": {"type": "string", "enum": ["bug"]}}, ["kind"]),
              tool({"kind": {"type": "string", "const": "bug"}}, ["kind"]), ()),
    "SL403": (tool({"order": {"type": "string", "maxLength": 4, "description": "Sort order, one of 'asc', 'desc'."}},
                   ["order"]),
              tool({"order": {"type": "string", "maxLength": 4, "description": "Sort order, one of 'asc', 'desc'.",
                              "enum": ["asc", "desc"]}}, ["order"]), ()),
    "SL601": (openai_tool({"title": TITLE, "unit": {"type": "string", "enum": ["C", "F"]}}, ["title"]),
              openai_tool({"title": TITLE, "unit": {"type": ["string", "null"], "enum": ["C", "F", None]}},
                          ["title", "unit"]), ("openai-strict",)),
}
