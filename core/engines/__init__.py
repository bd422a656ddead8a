"""Outside engines PN Explorer asks for a second opinion (never a dependency of the app)."""
