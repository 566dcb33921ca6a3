"""`make help` names every target of the Makefile, each on one line with what it does."""
import pathlib
import re
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]


def targets():
    """The Makefile's rules by name (not variable assignments such as `PORT ?= 8080`)."""
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    return [match.group(1) for match in re.finditer(r"^([A-Za-z0-9][A-Za-z0-9_.-]*)\s*:(?!=)", text, re.MULTILINE)]


def help_lines():
    run = subprocess.run(["make", "--no-print-directory", "-s", "-C", str(ROOT), "help"],
                         capture_output=True, text=True, check=True)
    return run.stdout.splitlines()


def test_every_target_has_one_line_in_make_help():
    lines = help_lines()
    for target in targets():
        shown = [line for line in lines if line.split()[:2] == ["make", target]]
        assert len(shown) == 1, f"make help shows `{target}` {len(shown)} times (write `{target}: … ## what it does`)"
        assert len(shown[0].split(None, 2)) == 3, f"make help says nothing of `{target}`"


def test_make_help_names_only_targets():
    known = set(targets())
    named = [line.split()[1] for line in help_lines()]
    assert named and set(named) <= known
    assert {"serve", "test", "help"} <= set(named)
