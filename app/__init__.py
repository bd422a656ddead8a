"""PN Explorer's Qt application. Importing this package imports no Qt: `app.main` dispatches
headless subcommands to `core.cli` before any window code is loaded."""
