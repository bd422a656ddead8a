"""The narration: each step of a search told in words (`describe` and its helpers) and the
label under the tree that shows it (`view`)."""
