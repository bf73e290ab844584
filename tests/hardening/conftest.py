from .support import GENERATED


def pytest_terminal_summary(terminalreporter):
    if GENERATED:
        terminalreporter.write_line("hardening inputs generated: " + ", ".join(
            f"{category} {count}" for category, count in sorted(GENERATED.items())))
