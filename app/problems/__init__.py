"""The problem on screen: its source, the search asked for, the settings, classroom lessons."""
