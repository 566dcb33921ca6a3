"""Every ```swift block of the pages below stands, as written, in the Swift test source that
compiles it (and whose tests run it): a block edited in the page and not in the test, or the
other way round, fails here. A block that is deliberately not compiled (a sketch of mounting
the lists in another framework) is fenced ```swift-sketch, and its page says so."""
import pathlib
import re
import textwrap

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOCS = ROOT / "Tests" / "ListStateTests" / "Docs"
# Each page and the test sources its ```swift blocks must stand in.
PAGES = {
    "docs/library.md": [DOCS / "LibraryGuideCode.swift"],
    "docs/reference/configuration.md": [DOCS / "ConfigurationFromSwiftTests.swift"],
    "README.md": [DOCS / "LibraryGuideCode.swift"],
}
FENCE = re.compile(r"^(\s*)```(.*)$")


def blocks(text, language="swift"):
    """The code of each block fenced ```<language> (exactly that info string), dedented."""
    found, lines, inside, indent = [], [], None, ""
    for line in text.splitlines():
        match = FENCE.match(line)
        if inside is None:
            if match:
                inside, indent, lines = match.group(2).strip(), match.group(1), []
            continue
        if match and match.group(2).strip() == "":
            if inside == language:
                found.append(textwrap.dedent("\n".join(lines)).strip("\n"))
            inside = None
            continue
        lines.append(line[len(indent):] if line.startswith(indent) else line)
    return found


def imports(source):
    return {line.strip() for line in source.splitlines() if re.match(r"^(@testable )?import \w+", line.strip())}


def stands_in(block, source):
    """Whether `block` stands in `source`: its import lines among the file's imports, the rest
    as a run of consecutive lines that reads the same once both are dedented."""
    wanted = [line for line in block.splitlines() if not re.match(r"^import \w+$", line)]
    while wanted and not wanted[0].strip():
        wanted.pop(0)
    if not set(line for line in block.splitlines() if re.match(r"^import \w+$", line)) <= imports(source):
        return False
    expected = textwrap.dedent("\n".join(wanted))
    lines = source.splitlines()
    return any(textwrap.dedent("\n".join(lines[start:start + len(wanted)])) == expected
               for start in range(len(lines) - len(wanted) + 1))


@pytest.mark.parametrize("page", sorted(PAGES), ids=str)
def test_every_swift_block_is_compiled_by_a_test(page):
    text = (ROOT / page).read_text(encoding="utf-8")
    found = blocks(text)
    assert found, f"{page} has no ```swift block: this test names it for nothing"
    sources = [path.read_text(encoding="utf-8") for path in PAGES[page]]
    missing = [block for block in found if not any(stands_in(block, source) for source in sources)]
    names = ", ".join(str(path.relative_to(ROOT)) for path in PAGES[page])
    assert not missing, f"{page}: these ```swift blocks are not in {names} as written:\n\n" + "\n\n---\n\n".join(missing)


def test_no_other_page_has_an_uncompiled_swift_block():
    """A ```swift block on a page this test does not name would compile nowhere."""
    pages = [ROOT / "README.md"] + sorted((ROOT / "docs").rglob("*.md"))
    unchecked = [str(path.relative_to(ROOT)) for path in pages
                 if str(path.relative_to(ROOT)) not in PAGES and blocks(path.read_text(encoding="utf-8"))]
    assert not unchecked, f"pages with ```swift blocks no test compiles: {unchecked} (name them in PAGES or fence them ```swift-sketch)"


def test_the_checker_finds_blocks_as_written():
    page = "text\n```swift\nimport ListState\n\nlet a = 1\n    let b = a\n```\n```swift-sketch\nnot compiled\n```\n  ```swift\n  x()\n  ```\n"
    assert blocks(page) == ["import ListState\n\nlet a = 1\n    let b = a", "x()"]
    source = "import Foundation\nimport ListState\n\nfunc f() {\n        let a = 1\n            let b = a\n}\n"
    assert stands_in("import ListState\n\nlet a = 1\n    let b = a", source)
    assert not stands_in("import Testing\n\nlet a = 1", source), "an import the file lacks"
    assert not stands_in("let a = 2", source)
    assert not stands_in("let b = a\nlet a = 1", source), "the lines in another order"
