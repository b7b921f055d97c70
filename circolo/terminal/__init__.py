"""Play Circolo in a terminal: one module per game renders a view and asks for a move."""
