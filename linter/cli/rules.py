"""`schema-lint rule CODE` and `schema-lint rules`: the rule catalogue."""

from __future__ import annotations

import sys

import click


@click.command("rule")
@click.argument("code")
def rule_command(code):
    """Explain a rule: what it does, why, an example, and its fix's safety."""
    from schema_lint.rule import load_rules

    rules = load_rules()
    found = rules.get(code.upper()) or next((r for r in rules.values() if r.name == code), None)
    if found is None:
        click.echo(f"schema-lint: error: unknown rule `{code}` (see `schema-lint rules`)", err=True)
        sys.exit(2)
    click.echo(explanation(found))


def explanation(rule) -> str:
    """A rule explained in Markdown: what `schema-lint rule CODE` prints, and the rule's page in
    the documentation site (`docs/site.py`), so the two never differ."""
    severity = rule.default_severity_text
    if "/" in severity:
        severity = ", ".join(f"{level} on {kind} tools" for level, kind in
                             zip(severity.split("/"), ("read", "write", "destructive")))
    from schema_lint.config.selection import OFF_BY_DEFAULT
    from schema_lint.python_tools.frameworks import FLOAT_FORMS, PYTHON_FORMS

    off = f" Off by default: `--extend-select {rule.code}` runs it." if rule.code in OFF_BY_DEFAULT else ""
    # Where the schema is generated from type-hinted Python: the same constraint in its words.
    forms = PYTHON_FORMS.get(rule.code)
    if rule.code in FLOAT_FORMS:
        forms = f"{forms} for an `integer`, {FLOAT_FORMS[rule.code]} for a `number`"
    python = f"\n\nIn Python (pydantic, and the frameworks built on it): {forms}." if forms else ""
    return (f"# {rule.code} {rule.name}\n\n"
            f"Default severity: {severity}. Fix: {_fix_summary(rule)}.{off}\n\n{rule.doc}{python}")


def _fix_summary(rule) -> str:
    """What the header says of the rule's fix, from its "Fix safety" section: the class, and
    whether a finding without evidence carries a suggestion (not "available" for a rule that
    fixes only on evidence)."""
    from schema_lint.rule import parse_rule_doc

    if not rule.fixable:
        return "none"
    text = parse_rule_doc(rule.doc).get("Fix safety", "")
    kind = "unsafe (see Fix safety)" if text.startswith("Unsafe") else \
        "safe" if text[:5] in ("Safe.", "Safe:", "Safe ") and not text.startswith("Safe when") else "see Fix safety"
    return kind + ("; otherwise a suggestion `--fix` never applies" if "suggestion" in text else "")


@click.command("rules")
@click.option("--output-format", type=click.Choice(["text", "json"]), default="text")
def rules_command(output_format):
    """List every rule: code, name, default severity, whether a fix exists."""
    from schema_lint.rule import load_rules

    from schema_lint.config.selection import OFF_BY_DEFAULT

    rules = load_rules().values()
    if output_format == "json":
        import json

        click.echo(json.dumps([{"code": r.code, "name": r.name, "severity": r.default_severity_text,
                                "fixable": r.fixable, "default": r.code not in OFF_BY_DEFAULT} for r in rules], indent=2))
        return
    for r in rules:
        notes = ["fix" if r.fixable else "", "off by default" if r.code in OFF_BY_DEFAULT else ""]
        click.echo(f"{r.code}  {r.name:<34} {r.default_severity_text:<22} {'  '.join(n for n in notes if n)}".rstrip())
