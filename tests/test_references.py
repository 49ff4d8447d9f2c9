"""Every reference in the repository leads somewhere in the repository.

A clone has the code, the tests and ``docs/``, nothing else: no tracker, no design pages of the developers. So no
text of the project (code, comments, docstrings, tests, docs, the build files, the ``--help`` texts)

(a) names a document a clone does not have: the developers' specification or UX pages, ``../shared``, ``/work/``;
(b) names a ticket: "issue 27", "issues 17 and 22", "PR #3", "fixes #12" (a game's number, "game #12", is the
    product's own word and is fine, as are upstream projects' URLs);
(c) points into a document at something that is not there. The accepted forms are
    - "rules.md §7.4", "docs/rules.md §7.6.4", "rules §6", "§7.1–7.5", "rules.md §4 and §6" — a section of
      ``docs/rules.md`` (a "## 7." or "### 7.4" heading) or a numbered item of one ("7.6.4": item 4 of §7.6);
    - "docs/rules.md, section 6", "`docs/rules.md` (section 5)" — the same;
    - "ruling 14", "rulings 9–11", "rulings 1 and 2" — the numbered items of ``docs/rules.md`` section 3;
    - "docs/channel.md, principle 5", "principles 2–5" — the numbered principles of ``docs/channel.md``;
(d) names a file of the repository (``docs/xxx.md``, ``bench/xxx.py``, ``tests/….py`` …) that does not exist.

Each failure names the file and line. This file alone may spell the forbidden words (it has to, to find them).
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("engine", "render", "bot", "lang", "rivals", "bench", "tests", "docs", "deploy", ".ci", "README.md",
           "Makefile", "Dockerfile", "Procfile", "compose.yaml", "pyproject.toml", ".env.example", ".dockerignore")
"""What is scanned when git cannot list the tracked files."""
SKIPPED = ("lang/locale/",)
"""The catalogues: what the bot says, translated; a reference there is reported by the English text it comes from."""
BINARY = (".png", ".gif", ".jpg", ".ttf", ".gz", ".mo", ".pyc", ".ico", ".woff", ".woff2")

# (a) documents a clone does not have
DEAD = re.compile(r"\bSPEC\b|SPEC\.md|\bUX\.md\b|\bUX principle|\.\./shared|(?<![\w.])/work/|\bshared/rules/")
# (b) tickets
TICKET = re.compile(r"(?i)\b(?:issues?|tickets?|bugs?|PRs?|pull requests?|merge requests?)\s+#?\d+"
                    r"|\b(?:fixes|fixed|closes|closed|resolves|resolved|see)\s+#\d+\b|\bgh-\d+\b")
# (c) references into docs/rules.md and docs/channel.md
NUMBER = r"\d+(?:\.\d+)*"
SECTION = re.compile(rf"§\s*({NUMBER})((?:\s*(?:–|-|,|and|or)\s*§?\s*{NUMBER}(?![\w.]\d))*)")
SECTION_WORDS = re.compile(rf"rules(?:\.md)?`?,?\s*\(?sections?\s+({NUMBER})"
                           rf"((?:\s*(?:–|-|,|and|or)\s*{NUMBER}(?![\w.]\d))*)")
RULING = re.compile(rf"\brulings?\s+(\d+)(?!\.\d)((?:\s*(?:–|-|,|and|or)\s*{NUMBER}(?![\w.]\d))*)")
PRINCIPLE = re.compile(r"\bprinciples?\s+(\d+)((?:\s*(?:–|-|,|and|or)\s*\d+(?![\w.]\d))*)")
MORE = re.compile(NUMBER)
# (d) files of the repository
PATH = re.compile(r"(?<![\w./-])((?:docs|bench|tests|engine|render|bot|lang|rivals|deploy|\.ci)/[\w./-]*\w"
                  r"\.(?:md|py|toml|json|ya?ml|txt|po|png|gif|gz|js|css|html|sh|sql))(?![\w/*])")


@dataclass(frozen=True)
class Targets:
    """What ``docs/rules.md`` and ``docs/channel.md`` hold: sections, numbered items, rulings, principles."""

    sections: frozenset[str]
    rulings: frozenset[int]
    principles: frozenset[int]

    def section(self, number: str) -> bool:
        if number.startswith("3.") and number.count(".") == 1:
            return int(number[2:]) in self.rulings
        return number in self.sections


def targets(rules: str, channel: str) -> Targets:
    """Read the numbered places of the two documents from their Markdown."""
    sections: set[str] = set()
    rulings: set[int] = set()
    current = ""
    for line in rules.splitlines():
        if heading := re.match(r"#{2,3} (\d+(?:\.\d+)?)\.? ", line):
            current = heading.group(1)
            sections.add(current)
        elif item := re.match(r"(\d+)\. ", line):
            if current == "3":
                rulings.add(int(item.group(1)))
            elif current:
                sections.add(f"{current}.{item.group(1)}")
    principles = {int(m.group(1)) for m in re.finditer(r"(?m)^(\d+)\. \*\*", channel)}
    return Targets(frozenset(sections), frozenset(rulings), frozenset(principles))


@cache
def project_targets() -> Targets:
    return targets((ROOT / "docs" / "rules.md").read_text(), (ROOT / "docs" / "channel.md").read_text())


def _numbers(first: str, rest: str) -> list[str]:
    return [first, *MORE.findall(rest)]


def _matches(pattern: re.Pattern[str], line: str, following: str) -> Iterator[re.Match[str]]:
    """The matches of ``pattern`` in ``line``, and those that go on into the next line (a reference broken by the
    wrapping of a comment or a paragraph: "issue" at the end of one line, "14" at the start of the next)."""
    end = len(line.rstrip())
    joined = line[:end] + " " + following.lstrip().lstrip("#*/->\"'").lstrip()
    for found in pattern.finditer(joined):
        if found.start() < end:
            yield found


def problems(text: str, known: Targets, exists: Callable[[str], bool] | None = None) -> Iterator[tuple[int, str]]:
    """``(line, what is wrong)`` for every bad reference in ``text``; ``exists(path)`` says whether a repository
    path exists (None: paths are not checked)."""
    lines = text.splitlines()
    for number, line in enumerate(lines, 1):
        following = lines[number] if number < len(lines) else ""
        for found in _matches(DEAD, line, following):
            yield number, f"names a document a clone does not have: {found.group(0)!r}"
        for found in _matches(TICKET, line, following):
            yield number, f"names a ticket: {found.group(0)!r}"
        for pattern in (SECTION, SECTION_WORDS):
            for found in _matches(pattern, line, following):
                for section in _numbers(found.group(1), found.group(2)):
                    if not known.section(section):
                        yield number, f"docs/rules.md has no §{section} ({found.group(0)!r})"
        for found in _matches(RULING, line, following):
            for ruling in _numbers(found.group(1), found.group(2)):
                if "." in ruling:
                    if not known.section(ruling):
                        yield number, f"docs/rules.md has no §{ruling} ({found.group(0)!r})"
                elif int(ruling) not in known.rulings:
                    yield number, f"docs/rules.md has no ruling {ruling} ({found.group(0)!r})"
        for found in _matches(PRINCIPLE, line, following):
            for principle in _numbers(found.group(1), found.group(2)):
                if int(principle) not in known.principles:
                    yield number, f"docs/channel.md has no principle {principle} ({found.group(0)!r})"
        if exists is not None:
            for found in PATH.finditer(line):
                if not exists(found.group(1).rstrip(".")):
                    yield number, f"no such file in the repository: {found.group(1)!r}"


def tracked_files() -> list[str]:
    """The project's text files: those git tracks (or, without git, those under ``SCANNED``)."""
    try:
        listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, timeout=60)
        names = listed.stdout.split("\n") if listed.returncode == 0 else []
    except OSError:
        names = []
    if not names or names == [""]:
        names = [str(p.relative_to(ROOT)) for top in SCANNED for p in ([ROOT / top] if (ROOT / top).is_file()
                 else sorted((ROOT / top).rglob("*"))) if p.is_file()]
    me = str(Path(__file__).resolve().relative_to(ROOT))
    return [n for n in names if n and n != me and not n.startswith(SKIPPED) and not n.endswith(BINARY)
            and (ROOT / n).is_file()]


def _exists(path: str) -> bool:
    return (ROOT / path).exists()


def test_every_reference_leads_somewhere_in_the_repository() -> None:
    known = project_targets()
    found: list[str] = []
    for name in tracked_files():
        try:
            text = (ROOT / name).read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        found += [f"{name}:{line}: {what}" for line, what in problems(text, known, _exists)]
    assert not found, "\n".join(found)


def test_the_documents_have_what_the_references_need() -> None:
    known = project_targets()
    assert {"1", "3", "6", "7", "7.0", "7.6", "7.6.10"} <= known.sections
    assert known.rulings == frozenset(range(1, 15))
    assert len(known.principles) >= 10
    assert "SPEC" not in (ROOT / "docs" / "rules.md").read_text()


def test_the_checker_finds_bad_references() -> None:
    known = targets("## 3. Rulings\n\n1. **Moving.** …\n2. **Placing.** …\n\n## 7. Variants\n\n### 7.4 Guns\n\n"
                    "1. A gun.\n2. Its crew.\n",
                    "## Principles\n\n1. **Short.** …\n2. **One message.** …\n")
    good = ("See rules.md §7.4 and §7.4.2, docs/rules.md, section 7, rulings 1 and 2, §3.1, ruling 2,\n"
            "docs/channel.md, principle 2; an issue with no number; game #12; github.com/a/b/issues/7.\n"
            "The file tests/test_references.py exists.")
    assert list(problems(good, known, _exists)) == []
    bad = {"As the " + "SP" + "EC says": "clone does not have", "see " + "U" + "X.md": "clone does not have",
           "in ../" + "shared/rules": "clone does not have", "(" + "issue" + " 27)": "ticket",
           "Issues" + " 17 and 22": "ticket", "fixes #" + "4": "ticket", "rules.md §7.5": "no §7.5",
           "rules.md §7.4.3": "no §7.4.3", "§8": "no §8", "§7.4–7.9": "no §7.9", "ruling 3": "no ruling 3",
           "rulings 1–4": "no ruling 4", "docs/rules.md, section 9": "no §9", "principle 3": "no principle 3",
           "see docs/nowhere.md": "no such file", "bench/ghost.py": "no such file",
           "before " + "issue\n# 14's speed-up": "ticket", "see ruling\n    7 below": "no ruling 7"}
    for text, why in bad.items():
        found = list(problems(f"first line\n{text}\n", known, _exists))
        assert found and all(line == 2 for line, _ in found), (text, found)
        assert any(why in what for _, what in found), (text, found)


@pytest.mark.parametrize("command", [["engine", "console"], ["engine", "tournament"], ["bot"], ["bot", "migrate-db"],
                                     ["render", "animate"]])
def test_the_help_texts_point_only_into_the_repository(command: list[str]) -> None:
    done = subprocess.run([sys.executable, "-m", *command, "--help"], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, env={"PATH": "/usr/bin:/bin", "DISCORD_TOKEN": "", "COLUMNS": "120"})
    assert done.returncode == 0, done.stderr
    assert list(problems(done.stdout, project_targets(), _exists)) == [], done.stdout
    if command == ["bot"]:
        text = done.stdout
        assert "DISCORD_TOKEN" in text and "migrate-db" in text and "--resume" in text and "docs/rules.md" in text
