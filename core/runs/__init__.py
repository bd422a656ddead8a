"""Running searches to verified results: one position, a batch, and Table 3.1-style comparisons;
shared by the CLI and the app.
"""
