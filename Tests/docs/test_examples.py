"""Examples/README.md shows each example's whole program as it is: every ```swift block is
the whole text of the file named just above it, and every Swift file of Examples/Sources
is shown."""
import pathlib
import re

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "Examples"
# A file's name in a code span on its own line, a blank line, then its whole text in a fence.
SHOWN = re.compile(r"^`([^`]+\.swift)`:\n\n```swift\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def shown_files():
    return SHOWN.findall((EXAMPLES / "README.md").read_text(encoding="utf-8"))


def test_every_block_is_the_whole_file_it_names():
    shown = shown_files()
    assert shown, "Examples/README.md shows no program"
    for name, text in shown:
        assert text == (EXAMPLES / name).read_text(encoding="utf-8"), f"Examples/README.md shows {name} otherwise than it is"


def test_every_program_file_is_shown():
    files = {str(path.relative_to(EXAMPLES)) for path in (EXAMPLES / "Sources").rglob("*.swift")}
    assert {name for name, _ in shown_files()} == files
    swift_blocks = (EXAMPLES / "README.md").read_text(encoding="utf-8").count("```swift")
    assert swift_blocks == len(files), "a ```swift block names no file"
