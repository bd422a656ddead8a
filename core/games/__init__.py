"""The games the searches play: the small game protocol, chess mate search and explicit AND/OR
trees, and the suites of positions.
"""
