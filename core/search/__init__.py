"""The searches, each a stepper over the game protocol: PN (thesis ch. 3), Pn² (ch. 4), the αβ
baseline, and the registry that builds one by name.
"""
