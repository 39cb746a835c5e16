"""The Progress page: filters, the dashboard's charts (its data come from
:mod:`trainer.progress.dashboard`, read in a worker thread) and the costliest leaks."""
