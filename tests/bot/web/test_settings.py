"""The web view's settings: off by default; ``WEB_PORT`` needs ``WEB_URL`` (the address its links point to), which
is a web address; empty values count as unset, as in ``.env.example``."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import Settings

NAMES = ("WEB_URL", "WEB_PORT", "WEB_HOST", "WEB_POLL_SECONDS", "WEB_REQUESTS_PER_MINUTE", "WEB_BEHIND_PROXY")


def test_the_web_view_is_off_unless_its_port_and_address_are_set(monkeypatch: pytest.MonkeyPatch,
                                                                 tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    for name in NAMES:
        monkeypatch.delenv(name, raising=False)
    plain = Settings(_env_file=None)
    assert plain.web_port is None and plain.web_url is None and not plain.web_behind_proxy
    monkeypatch.setenv("WEB_PORT", "")
    monkeypatch.setenv("WEB_URL", " ")
    assert Settings(_env_file=None).web_port is None

    monkeypatch.setenv("WEB_PORT", "8080")
    with pytest.raises(ValueError, match="set WEB_URL"):
        Settings(_env_file=None)
    monkeypatch.setenv("WEB_URL", "tikal.example.org")
    with pytest.raises(ValueError, match="starting with https://"):
        Settings(_env_file=None)
    monkeypatch.setenv("WEB_URL", "https://tikal.example.org/")
    monkeypatch.setenv("WEB_BEHIND_PROXY", "true")
    on = Settings(_env_file=None)
    assert on.web_url == "https://tikal.example.org" and on.web_port == 8080 and on.web_behind_proxy
    monkeypatch.setenv("WEB_PORT", "70000")
    with pytest.raises(ValueError):
        Settings(_env_file=None)


def test_behind_a_proxy_the_web_view_listens_on_this_machine_only_unless_told(monkeypatch: pytest.MonkeyPatch,
                                                                              tmp_path: Path) -> None:
    """``WEB_BEHIND_PROXY`` trusts X-Forwarded-For, so a client that reaches the port without the proxy could name
    any address: by default the view then listens on 127.0.0.1 (the proxy on the same machine)."""
    monkeypatch.chdir(tmp_path)
    for name in NAMES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("WEB_URL", "https://tikal.example.org")
    monkeypatch.setenv("WEB_PORT", "8080")
    assert Settings(_env_file=None).web_host == "0.0.0.0"
    monkeypatch.setenv("WEB_BEHIND_PROXY", "true")
    assert Settings(_env_file=None).web_host == "127.0.0.1"
    monkeypatch.setenv("WEB_HOST", " ")
    assert Settings(_env_file=None).web_host == "127.0.0.1"
    monkeypatch.setenv("WEB_HOST", "0.0.0.0")  # a proxy in another container: said so, and warned at start
    assert Settings(_env_file=None).web_host == "0.0.0.0"
