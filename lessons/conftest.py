"""Lessons under nbval never read or write a learner's progress: each test run records into a
fresh directory (the kernels inherit the variable)."""
import os
import tempfile

os.environ["TUTOR_DATA_DIR"] = tempfile.mkdtemp(prefix="tutor-lessons-")
