"""JUnit XML: the test report Jenkins, GitLab, Azure DevOps and CircleCI show in their test
tabs, laid out as ruff's and Spectral's `junit` formats are.

One `<testsuite>` per file (or live server tool) with findings, and one `<testcase>` per
finding: named by the rule and the node (`SL301 unbounded-string create_ticket#/…/title`,
which stays the same when lines move, so a CI service can follow it from run to run), with
the file as its `classname`, and a `<failure>` whose text is the finding's concise line.
Input that could not be read (SL000) is an `<error>`, as a test that could not run is.
Findings below `fail-on` (infos, by default) are left out, as Spectral leaves out those below
its `--fail-severity`: the test tab then fails exactly when the run does (with `fail-on =
"never"` every finding is listed). A report without failures is one passing test case, so
the tab shows the lint ran and passed.

Only what the common JUnit XML schema (the Jenkins xUnit plugin's `junit-10.xsd`) allows
is written; tests/test_ci_formats.py validates against it. Text from the input passes
through `display.escape` first: XML 1.0 cannot hold most control characters even escaped.
"""

from __future__ import annotations

import collections
from xml.etree import ElementTree

from schema_lint.lint.document import PARSE_ERROR_CODE
from schema_lint.model import Severity
from schema_lint.report.ci import shown_path
from schema_lint.report.links import rule_url
from schema_lint.report.text import location
from schema_lint.text.display import escape
from schema_lint.text.lazy_pattern import lazy_compile

SUITES_NAME = "schema-lint"
# What `escape` leaves and XML 1.0 still refuses.
_NOT_XML = lazy_compile("[\ufffe\uffff]")


def _text(value: str) -> str:
    return _NOT_XML.sub(lambda match: f"\\u{ord(match.group()):04x}", escape(value))


def testcase(diagnostic, docs_url: str | None) -> ElementTree.Element:
    tool = f"{diagnostic.tool}#" if diagnostic.tool and not diagnostic.live else "#"
    case = ElementTree.Element("testcase", {
        "name": _text(f"{diagnostic.code} {diagnostic.name} {tool}{diagnostic.pointer}"),
        "classname": _text(shown_path(diagnostic)),
    })
    kind = "error" if diagnostic.code == PARSE_ERROR_CODE else "failure"
    outcome = ElementTree.SubElement(case, kind, {"type": diagnostic.code, "message": _text(diagnostic.message)})
    line = f"{location(diagnostic)}: {diagnostic.code} [{diagnostic.severity}] {diagnostic.message}"
    outcome.text = f"{_text(line)}\n{rule_url(diagnostic.code, diagnostic.name, docs_url)}"
    return case


def failing(diagnostics, fail_on: str) -> list:
    """The findings that fail the run under `fail_on`, and every one with `never`."""
    if fail_on == "never":
        return list(diagnostics)
    threshold = Severity.parse(fail_on)
    return [d for d in diagnostics if d.severity >= threshold or d.code == PARSE_ERROR_CODE]


def render(result, options) -> str:
    listed = failing(result.diagnostics, options.fail_on)
    by_file: dict[str, list] = collections.defaultdict(list)
    for diagnostic in listed:
        by_file[shown_path(diagnostic)].append(diagnostic)
    root = ElementTree.Element("testsuites", {"name": SUITES_NAME})
    for path, diagnostics in by_file.items():
        errors = sum(d.code == PARSE_ERROR_CODE for d in diagnostics)
        suite = ElementTree.SubElement(root, "testsuite", {
            "name": _text(path), "tests": str(len(diagnostics)), "failures": str(len(diagnostics) - errors),
            "errors": str(errors), "file": _text(path)})
        suite.extend(testcase(d, options.docs_url) for d in diagnostics)
    if not by_file:
        suite = ElementTree.SubElement(root, "testsuite", {"name": SUITES_NAME, "tests": "1", "failures": "0",
                                                           "errors": "0"})
        ElementTree.SubElement(suite, "testcase", {"name": "no findings", "classname": SUITES_NAME})
    errors = sum(d.code == PARSE_ERROR_CODE for d in listed)
    root.attrib.update(tests=str(max(len(listed), 1)), failures=str(len(listed) - errors),
                       errors=str(errors))
    ElementTree.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ElementTree.tostring(root, encoding="unicode") + "\n"
