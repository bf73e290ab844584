"""The README's API tour runs as written."""
import pathlib
import re

README = pathlib.Path(__file__).resolve().parents[1] / "README.md"


def test_readme_python_examples_run():
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks, "the README should show the API"
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})


def test_readme_names_the_two_commands():
    text = README.read_text(encoding="utf-8")
    assert "make lab" in text and "make test" in text
