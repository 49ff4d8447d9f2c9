"""The post queue: the posts waiting in the database, claimed, marked sent, given up or sent again, and where a
notice for the moderators goes."""
