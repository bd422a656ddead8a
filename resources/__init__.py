"""What ships with PN Explorer: the built-in suites (EPD), trees (node-link JSON), the icon and
the user guide (Help ▸ User guide)."""
