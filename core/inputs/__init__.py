"""The one input layer: a user's files, option values, positions and tree files into checked values.

Every front end (the headless CLI, the window's command line, its dialogs and its settings) reads
user input through these modules, so a mistake is found once and reported as a typed
`core.errors.PnExplorerError` whose message fits on one line.
"""
