"""The "predict the next step" exercise: questions whose answers are the engine's own steps."""
