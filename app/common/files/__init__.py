"""The user's files: opened safely (only regular files, read as far as shown), the recent ones, the tokenizer
formats the menus name, and the shipped sample texts."""
