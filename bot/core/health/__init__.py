"""How the bot is doing, for its host: readiness (the database answers, the outbox is not stuck, and what the
adapter says of its connection), the figures a Prometheus scrape reads, and the doctor's checks that need no
Discord (the token's form, the database reachable and migrated, the web view's address)."""
