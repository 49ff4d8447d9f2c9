"""What the bot counts for its host's monitoring (Prometheus): ``instruments`` holds the counters and histograms
every part may feed; it imports nothing of the core."""
