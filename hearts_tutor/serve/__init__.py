"""Serving the tutor: ``hearts-tutor play`` and ``lessons`` (:mod:`.app`) and the class server's kernels
(:mod:`.kernels`)."""
