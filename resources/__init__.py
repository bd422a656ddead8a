"""What ships with PN Explorer: the built-in suites (EPD), trees (node-link JSON) and the icon."""
