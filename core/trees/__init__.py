"""AND/OR trees a teacher makes: generated from parameters, edited by hand, or built-in lessons."""
