"""``python -m bot healthcheck``: ask the running bot's ``/healthz`` (on ``HEALTH_PORT``, else ``WEB_PORT``) whether
it is ready; exit 0 when it is, 1 when it is not or does not answer. The Docker image's ``HEALTHCHECK`` (the slim
Python image has no curl)."""

from __future__ import annotations

import json
import sys
import urllib.error
import urllib.request

from bot.config import Settings

TIMEOUT = 5.0


def probe(settings: Settings) -> int:
    port = settings.health_port if settings.health_port is not None else settings.web_port
    if not port:
        print("no HEALTH_PORT (nor WEB_PORT): this bot serves no health check", file=sys.stderr)
        return 1
    host = settings.health_host if settings.health_port is not None else settings.web_host
    if host in ("0.0.0.0", "::", ""):
        host = "127.0.0.1"
    url = f"http://{host}:{port}/healthz"
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT) as answer:
            body = answer.read().decode()
    except urllib.error.HTTPError as error:  # 503: not ready, and the body says why
        body = error.read().decode()
        print(f"not ready: {_failing(body)}", file=sys.stderr)
        return 1
    except (urllib.error.URLError, OSError, TimeoutError) as error:
        print(f"no answer from {url}: {error}", file=sys.stderr)
        return 1
    print("ready")
    return 0


def _failing(body: str) -> str:
    try:
        checks = json.loads(body)["checks"]
    except (ValueError, KeyError, TypeError):
        return body.strip()[:200]
    return "; ".join(f"{name}: {check['detail']}" for name, check in checks.items() if not check["ok"])


__all__ = ["probe"]
