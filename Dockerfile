# The bot's image: the project installed from its own pyproject.toml, run as a user without privileges.
#   docker build -t tikal .          then, with DISCORD_TOKEN (and DATABASE_URL or a volume for the SQLite file):
#   docker run --env-file .env -v tikal-data:/data tikal
# compose.yaml builds it for two shard processes around one PostgreSQL (README, "Running at scale").
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
# Exactly what pyproject.toml packages (engine, render, bot, lang) and what it needs to build them: the metadata and
# the README it names. Nothing else of the folder (a .venv, a .env with the token, the SQLite file) enters the image.
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY render ./render
COPY bot ./bot
COPY lang ./lang
RUN pip install . && rm -rf build *.egg-info

RUN useradd --create-home --uid 10001 tikal && mkdir /data && chown tikal /data
USER tikal
# A SQLite file (the default, without DATABASE_URL) and the local console's pictures live on the volume.
ENV DATABASE_PATH=/data/tikal.sqlite3 BOARD_DIR=/data/boards
VOLUME /data
WORKDIR /data

# Health and metrics (/livez, /healthz, /metrics) on a port of their own, on every interface of the container so that
# a Prometheus beside it can scrape it (publish it to no one else); Docker asks /healthz with Python (the slim image
# has no curl): connected to Discord, the database answers, the outbox is not stuck.
ENV HEALTH_PORT=8081 HEALTH_HOST=0.0.0.0
EXPOSE 8081
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 CMD ["python", "-m", "bot", "healthcheck"]

CMD ["python", "-m", "bot"]
