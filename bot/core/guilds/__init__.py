"""A server's own: its language and its members' locales, and the moderators' operations and settings."""
