"""Tokens drawn and written for people, outside the window: how a token is labelled (token_label) and coloured
(token_style), rows of token boxes (token_layout), a text's tokens as HTML and SVG (html_tokens) or PNG
(png_tokens), one text under several tokenizers (comparison), and the CSV cells every writer neutralises
(csv_cells)."""
