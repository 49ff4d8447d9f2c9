#!/bin/sh
# A PostgreSQL server of your own for trying "Running at scale" (README) without Docker: its data in .postgres/ of
# this folder, listening on 127.0.0.1 only (port PGPORT, default 5433), with a database "tikal" for the bot.
#   deploy/local-postgres.sh start   # initdb the first time, then start; prints the DATABASE_URL to use
#   deploy/local-postgres.sh stop    # stop it (the data stays; `rm -rf .postgres` deletes it)
# Needs PostgreSQL's server programs (Debian/Ubuntu: apt install postgresql; macOS: brew install postgresql).
set -eu

action=${1:-start}
data=${PGDATA_DIR:-$(pwd)/.postgres}
port=${PGPORT:-5433}

bin=$(dirname "$(readlink -f "$(command -v pg_ctl 2>/dev/null || echo /nowhere)")")
if [ ! -x "$bin/pg_ctl" ] || [ ! -x "$bin/initdb" ]; then
    bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
fi
if [ ! -x "$bin/pg_ctl" ] || [ ! -x "$bin/initdb" ]; then
    echo "No PostgreSQL server programs found (pg_ctl, initdb): install PostgreSQL first." >&2
    exit 1
fi

# PostgreSQL refuses to run as root: as root, the data belongs to the "postgres" user and it runs the server.
as_owner() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "$action" in
start)
    if [ ! -f "$data/PG_VERSION" ]; then
        mkdir -p "$data"
        [ "$(id -u)" = 0 ] && chown postgres: "$data"
        chmod 700 "$data"
        as_owner "$bin/initdb" -D "$data" -U postgres -A trust -E UTF8 >/dev/null
    fi
    if ! as_owner "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; then
        as_owner "$bin/pg_ctl" -D "$data" -l "$data/server.log" -w \
            -o "-p $port -k $data -c listen_addresses=127.0.0.1" start >/dev/null
    fi
    as_owner "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -tAc \
        "SELECT 1 FROM pg_database WHERE datname = 'tikal'" | grep -q 1 ||
        as_owner "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -qc "CREATE DATABASE tikal"
    echo "PostgreSQL is running on 127.0.0.1:$port (data in $data, log in $data/server.log)."
    echo "DATABASE_URL=postgresql://postgres@127.0.0.1:$port/tikal"
    ;;
stop)
    as_owner "$bin/pg_ctl" -D "$data" -w stop
    ;;
*)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
