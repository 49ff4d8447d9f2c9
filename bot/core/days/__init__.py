"""What happens over days, on the scheduler's tick: reminders, deadlines the bot plays, standing orders, the
purge of a server that removed the bot."""
