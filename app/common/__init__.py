"""What the tabs share (the feature folders never import one another). Here: the session every view follows
(:mod:`.session`), the sources the panes encode with, ours while it trains, where panes cut a text, and the start
and Ctrl-C of the application. In folders: :mod:`.background` (work off the GUI thread), :mod:`.charts`,
:mod:`.files` (the user's files), :mod:`.widgets` and :mod:`.wording` (the interface's language and messages)."""
