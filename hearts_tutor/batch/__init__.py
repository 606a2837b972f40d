"""Batch work: the runner on local processes or a Dask cluster (:mod:`.runner`), bot tournaments
(:mod:`.tournament`) and the engine and decision-time benchmarks (:mod:`.bench`)."""
