"""PN Explorer's Qt application. Importing this package imports no Qt: `app.main` dispatches
headless subcommands to `core.cli.main` before any window code is loaded."""
