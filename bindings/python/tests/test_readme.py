"""The README's Python example runs as written (its ```python blocks, in order)."""

import re

from conftest import REPO


def test_readme_python_example():
    text = (REPO / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks, "README.md has no ```python block"
    ns: dict = {}
    for b in blocks:
        exec(compile(b, "README.md", "exec"), ns)
