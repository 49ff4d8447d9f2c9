"""The clocks a game keeps for days: reminders and deadlines planned in each move's transaction (``timing``), the
times they fall at (``schedule``), and each member's own time (time zone, quiet hours, how they are told)."""
