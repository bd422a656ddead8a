"""The AND/OR tree view: which nodes to draw and where (no Qt in `layout`), and the widget that
paints them.
"""
