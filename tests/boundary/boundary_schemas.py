"""Schemas the boundary tests share: the ticket tool from DESIGN.md and a nested search tool.

Imported by name (pytest puts this folder on ``sys.path``), so the name is unique in the suite.
"""

from __future__ import annotations

TICKET = {
    "type": "object",
    "properties": {
        "title": {"type": "string", "minLength": 1, "maxLength": 80},
        "priority": {"type": "string", "enum": ["low", "normal", "high"]},
        "channel": {"type": "string", "enum": ["console", "email"]},
        "recipient": {"type": "string", "format": "email"},
        "attachment_url": {"type": "string", "format": "uri"},
        "labels": {"type": "array", "items": {"type": "string"}, "maxItems": 5},
    },
    "required": ["title", "priority", "channel"],
    "additionalProperties": False,
}

SEARCH = {
    "type": "object",
    "properties": {
        "query": {"type": "string"},
        "filters": {
            "type": "object",
            "properties": {
                "regions": {"type": "array", "items": {"type": "string"}},
                "years": {"type": ["array", "null"], "items": {"type": "integer"}},
            },
            "additionalProperties": False,
        },
        "sections": {"type": "array", "items": {"$ref": "#/$defs/section"}},
    },
    "required": ["query"],
    "additionalProperties": False,
    "$defs": {
        "section": {
            "type": "object",
            "properties": {
                "authors": {"type": "array", "items": {"type": "string"}},
                "children": {"type": "array", "items": {"$ref": "#/$defs/section"}},
            },
        },
    },
}
