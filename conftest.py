"""Give every pytest run (even `pytest docs/zh/page.md`) the doc-test plugin of tests/conftest.py."""

from tests.conftest import pytest_configure  # noqa: F401
