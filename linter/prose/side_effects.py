"""Decide whether a tool reads, writes or destroys: strict severities follow it.

Order of evidence: configuration (`side-effects` globs), MCP annotations, the verb in
the tool's name, then the first verb of its description ("Creates a ticket", "This tool
retrieves …"). With none of these the tool counts as `read`: a name with no verb is far
more often a calculator or a lookup (`city_facts`, `geometry.area_circle`) than a tool
that changes something, and classing it `write` turned every such finding into an error
and asked calculators for idempotency keys. Annotations that contradict the verb
(`readOnlyHint: true` on `delete_file`, `destructiveHint: false` on `drop_table`) are
not believed: the verb wins, and SL502 reports the contradiction (`contradicted_hint`).
"""

from __future__ import annotations

import fnmatch

from schema_lint.prose.field_kinds import words
from schema_lint.model import SideEffects, Tool

READ_VERBS = frozenset("""
get list search find read fetch query show describe lookup look count check view
calculate calc compute estimate predict analyze analyse summarize validate verify
convert translate retrieve browse inspect explain preview download scan detect
determine evaluate compare recommend suggest resolve identify locate measure
sum average parse format render match test""".split())
DESTRUCTIVE_VERBS = frozenset("""
delete remove drop destroy purge revoke terminate kill wipe erase truncate reset
uninstall unsubscribe deactivate disable archive ban evict clear""".split())
WRITE_VERBS = frozenset("""
create add update set send post put patch write insert upload move rename publish
submit book pay transfer execute run start stop cancel merge approve assign invite
schedule reserve order buy sell commit push deploy install enable close open edit
modify save store append replace change apply trigger register subscribe reply
comment share grant click type fill navigate press select upgrade restart refund
charge withdraw deposit import initiate record restore adjust rent copy""".split())
# Verbs that are as often nouns in a tool's name (`order_status`, `post_count`, `book_details`),
# and the words after them that make the name a noun phrase: the thing's status, count or details
# is read, not changed. Beside any other word they stay verbs (`order_pizza`, `book_room`).
_ALSO_NOUNS = frozenset("""
order post book record close type comment share store charge deposit transfer schedule
copy change move commit push run""".split())
_READ_NOUNS = frozenset("""
status statuses state history count counts details detail info information price prices
summary stats statistics total totals balance metadata""".split())
# Words a description opens with before its verb: "This tool retrieves …", "Use this to send …".
_DESCRIPTION_LEAD = frozenset("this tool function endpoint api method use it to will can a an the".split())
_DESCRIPTION_WORDS = 6
# Adverbs a description puts before its verb ("Permanently deletes …", "Quickly searches …").
_LEADING_ADVERBS = frozenset("""
permanently irreversibly immediately instantly automatically asynchronously synchronously
quickly safely securely directly simply easily completely fully partially recursively
atomically silently gracefully forcibly programmatically manually optionally also just""".split())


def classify(tool: Tool, overrides: dict[str, SideEffects] | None = None,
             unknown: SideEffects = SideEffects.READ) -> SideEffects:
    """The tool's class; `unknown` when nothing says it (the boundary, which retries read
    tools after a failure, asks for `write` there: a retry is the costly guess)."""
    for pattern, effects in (overrides or {}).items():
        if fnmatch.fnmatchcase(tool.name, pattern):
            return effects
    annotations = tool.definition.get("annotations")
    from_annotations = _from_annotations(annotations)
    if from_annotations is not None and contradicted_hint(annotations, tool.name) is None:
        return from_annotations
    return from_name(tool.name, tool.definition.get("description"), unknown)


def contradicted_hint(annotations: object, name: str) -> tuple[str, str] | None:
    """The MCP hint that the verb of `name` says cannot be true, with that verb:
    `("readOnlyHint", "delete")` for `delete_file` marked read-only; None when none is."""
    if not isinstance(annotations, dict):
        return None
    found = name_verb(name)
    if found is None:
        return None
    verb, effects = found
    # Only a destroying verb is evidence enough: the write verbs include soft ones that
    # read-only tools start with (`open_nodes`, `start_search`, `select_page` in the corpus).
    if effects is not SideEffects.DESTRUCTIVE:
        return None
    if annotations.get("readOnlyHint") is True:
        return "readOnlyHint", verb
    if annotations.get("destructiveHint") is False:
        return "destructiveHint", verb
    return None


def _from_annotations(annotations: object) -> SideEffects | None:
    """MCP hints; per the MCP spec destructiveHint defaults to true for non-read tools."""
    if not isinstance(annotations, dict):
        return None
    read_only = annotations.get("readOnlyHint")
    if read_only is True:
        return SideEffects.READ
    destructive = annotations.get("destructiveHint")
    if destructive is True:
        return SideEffects.DESTRUCTIVE
    if read_only is False:
        return SideEffects.WRITE if destructive is False else SideEffects.DESTRUCTIVE
    return None


def from_name(name: str, description: object = None, unknown: SideEffects = SideEffects.READ) -> SideEffects:
    """What the name's verb says, else the description's first verb, else `unknown`."""
    found = name_verb(name) or description_verb(description)
    return found[1] if found is not None else unknown


def tool_verb(tool: Tool) -> str | None:
    """The verb that says what a tool does: its name's, else its description's first."""
    found = name_verb(tool.name) or description_verb(tool.definition.get("description"))
    return found[0] if found is not None else None


def description_verb(description: object) -> tuple[str, SideEffects] | None:
    """The verb a description opens with, in any of its forms (`Creates`, `Searches`,
    `Copies`), past the words that lead up to it (`This tool …`); None when its first
    other word is no known verb."""
    if not isinstance(description, str):
        return None
    for word in words(description[:80])[:_DESCRIPTION_WORDS]:
        if word in _DESCRIPTION_LEAD or word in _LEADING_ADVERBS:
            continue  # "This tool …", and an adverb before the verb: "Permanently deletes …"
        for stem in _stems(word):
            found = name_verb(stem)
            if found is not None:
                return found
        return None
    return None


def _stems(word: str) -> tuple[str, ...]:
    """`creates` → create, `searches` → search, `copies` → copy, `creating` → create, `sending`
    → send; the word itself first."""
    stems = [word]
    if word.endswith("ing") and len(word) > 5:
        stems += [word[:-3], word[:-3] + "e"]
    if word.endswith("ies"):
        stems.append(word[:-3] + "y")
    if word.endswith("es"):
        stems.append(word[:-2])
    if word.endswith("s"):
        stems.append(word[:-1])
    return tuple(stems)


def name_verb(name: str) -> tuple[str, SideEffects] | None:
    """The first known verb in the name, and what it does: `("drop", DESTRUCTIVE)` for `drop_table`.
    A dotted name's last part is the call, the rest where it lives: only `item_details` of
    `grocery_store.item_details` is read, so the store it names is no verb."""
    said = words(name.rsplit(".", 1)[-1])
    for index, word in enumerate(said):
        if word in _ALSO_NOUNS and not _READ_NOUNS.isdisjoint(said[index + 1:]):
            continue  # `order_status`, `record_count`, `close_price`: what the thing's status is, read
        if word in DESTRUCTIVE_VERBS:
            return word, SideEffects.DESTRUCTIVE
        if word in WRITE_VERBS:
            return word, SideEffects.WRITE
        if word in READ_VERBS:
            return word, SideEffects.READ
    return None


def is_verb(word: str) -> bool:
    """Whether `word` is one of the verbs tool names start with (`get`, `create`, `delete`…)."""
    word = word.lower()
    return word in READ_VERBS or word in WRITE_VERBS or word in DESTRUCTIVE_VERBS
