"""Text fields that keep what is pasted into them whole.

A ``QLineEdit`` silently cuts its text at 32,767 characters (Qt's default maximum length): a long regex pasted into
the pattern field would be trained with its end missing. The window's one-line fields that take patterns or lists
set this limit instead.

>>> FIELD_MAX_CHARS > 32_767
True
"""

#: The longest text a pattern or list field holds (a regex of a million characters is already absurd).
FIELD_MAX_CHARS = 1_000_000
