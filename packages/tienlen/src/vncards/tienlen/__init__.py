"""placeholder, replaced by the game's implementation."""
