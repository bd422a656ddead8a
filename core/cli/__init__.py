"""The headless command line (`pn-explorer solve|suite|compare|bench`): one module per subcommand,
no Qt.
"""
