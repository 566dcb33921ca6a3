"""Every relative link of README.md, docs/**/*.md and Examples/README.md names a file of the repository,
and, where it gives an anchor (`file.md#heading`), a heading of that file."""
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", ROOT / "Examples" / "README.md"] + sorted((ROOT / "docs").rglob("*.md"))
# An inline link or image: [text](target) or ![alt](target "title").
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^(```|~~~)")


def prose(text):
    """The text outside fenced code blocks and code spans, where links are links."""
    lines, fenced = [], False
    for line in text.splitlines():
        if FENCE.match(line.lstrip()):
            fenced = not fenced
            continue
        if not fenced:
            lines.append(re.sub(r"`[^`]*`", "", line))
    return "\n".join(lines)


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"`", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page):
    """The anchors of a Markdown file's headings (a repeated one gets -1, -2, … as on GitHub)."""
    seen, result = {}, set()
    for line in prose(page.read_text(encoding="utf-8")).splitlines():
        match = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not match:
            continue
        base = slug(match.group(1))
        count = seen.get(base, 0)
        seen[base] = count + 1
        result.add(base if count == 0 else f"{base}-{count}")
    return result


def relative_links(page):
    for target in LINK.findall(prose(page.read_text(encoding="utf-8"))):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE) or target.startswith("//"):
            continue  # a URL with a scheme: not a file of ours
        yield target


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_relative_link_resolves(page):
    broken = []
    for target in relative_links(page):
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            broken.append(f"{target}: no file {file.relative_to(ROOT) if file.is_relative_to(ROOT) else file}")
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            broken.append(f"{target}: no heading with the anchor #{anchor} in {file.relative_to(ROOT)}")
    assert not broken, f"{page.relative_to(ROOT)}: broken links:\n" + "\n".join(broken)


def test_the_pages_are_found():
    assert (ROOT / "README.md") in PAGES and (ROOT / "docs" / "reference" / "urls.md") in PAGES


def test_the_checker_reads_links_and_headings_as_github_does():
    """Links in code are not links; anchors are GitHub's."""
    assert LINK.findall(prose("see `[a](b.md)` and\n```\n[c](d.md)\n```\n[e](f.md#g) ![i](j.png \"t\")")) == [
        "f.md#g", "j.png"]
    assert slug("The JSON twin") == "the-json-twin"
    assert slug("`liststate serve`") == "liststate-serve"
    assert slug("URLs, parameters and statuses") == "urls-parameters-and-statuses"
