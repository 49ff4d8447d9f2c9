"""What the web view (``bot.web``) needs of a game: its unguessable address, the cheap read of where it
stands (version, status, deadline) that live updates poll, and what everyone may see of it as JSON."""
