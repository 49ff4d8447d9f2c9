"""Health and metrics over HTTP, for the host's supervisor and Prometheus: on a small port of their own
(``HEALTH_PORT``, by default on 127.0.0.1 only), else the health checks alone on the web view's server (``WEB_PORT``).

- ``/livez``: 200 whenever the event loop answers (the process is alive; a blocked loop answers nothing).
- ``/healthz``: readiness as JSON — connected to Discord, the database answers, the outbox not stuck; 200 when all
  hold, else 503 with the one that does not.
- ``/metrics``: Prometheus's text format (``bot.core.metrics.instruments`` and the figures of ``Health``). Only on
  ``HEALTH_PORT``: the metrics are the host's, and the web view's port is public (a proxy in front of it makes
  every visitor look local, so an address check there would not keep them out).

Nothing here names a member, a channel, a game or a page token; the answers are never cached."""

from __future__ import annotations

import asyncio
import json
import logging

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest

from bot.core.health.readiness import Health
from bot.core.health.scrape import FiguresCollector
from bot.core.metrics.instruments import REGISTRY

log = logging.getLogger(__name__)

NO_STORE = {"Cache-Control": "no-store"}


class HealthRoutes:
    """The three routes over a ``Health``: all of them on the health port, the two checks on the web view's."""

    def __init__(self, health: Health) -> None:
        self.health = health
        self._figures = FiguresCollector()
        self._registry = CollectorRegistry()
        self._registry.register(self._figures)

    def routes(self, *, metrics: bool = True) -> list[web.RouteDef]:
        """The routes to serve; ``metrics=False`` for a public port (the web view's): the checks only."""
        checks = [web.get("/livez", self.livez), web.get("/healthz", self.healthz)]
        return [*checks, web.get("/metrics", self.metrics)] if metrics else checks

    async def livez(self, request: web.Request) -> web.StreamResponse:
        return web.Response(text="ok\n", headers=NO_STORE)

    async def healthz(self, request: web.Request) -> web.StreamResponse:
        readiness = await self.health.ready()
        return web.Response(text=json.dumps(readiness.as_json()) + "\n", content_type="application/json",
                            status=200 if readiness.ok else 503, headers=NO_STORE)

    async def metrics(self, request: web.Request) -> web.StreamResponse:
        try:
            self._figures.figures = await self.health.figures()
        except Exception:  # the database is down: the counters still go out, the figures as last read
            log.warning("metrics: could not read the figures", exc_info=True)
        body = await asyncio.to_thread(_exposition, self._registry)
        response = web.Response(body=body, headers={**NO_STORE, "Content-Type": CONTENT_TYPE_LATEST})
        return response


def _exposition(figures: CollectorRegistry) -> bytes:
    return generate_latest(REGISTRY) + generate_latest(figures)


class HealthServer:
    """The routes on a port of their own (``HEALTH_PORT``): the only place ``/metrics`` is served."""

    def __init__(self, routes: HealthRoutes) -> None:
        self.routes = routes
        self._runner: web.AppRunner | None = None
        self.port: int | None = None

    async def start(self, host: str, port: int) -> None:
        """Serve on ``host:port`` (port 0: any free one, then in ``self.port``)."""
        app = web.Application()
        app.add_routes(self.routes.routes())
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        sockets = getattr(site._server, "sockets", None) or []
        self.port = sockets[0].getsockname()[1] if sockets else port
        log.info("health and metrics on %s:%s", host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None


__all__ = ["HealthRoutes", "HealthServer"]
