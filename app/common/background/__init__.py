"""Work off the GUI thread: worker threads (:mod:`.worker`), jobs where a newer one cancels the older
(:mod:`.jobs`), the newest request wins (:mod:`.latest`), and the GIL and garbage-collection policy that keep the
GUI thread responsive beside them."""
