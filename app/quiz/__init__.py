"""Quiz mode: the student predicts the search's next step before the window shows it."""
