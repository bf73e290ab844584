import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))   # the shared helpers of this folder


def pytest_terminal_summary(terminalreporter):
    module = sys.modules.get("test_position_property")
    figures = getattr(module, "FIGURES", None)
    if figures:
        terminalreporter.write_line("positions: " + ", ".join(
            f"{name} {count}" for name, count in sorted(figures.items())))
