"""The engine: the search service shared by the command line, the JSON-lines engine process and the
web app, and the process's protocol and client.

- ``solver.engine.service``: load a position, search it with limits, a stop event and progress reports.
- ``solver.engine.queries``: the protocol's queries, read strictly.
- ``solver.engine.process``: ``solver engine``, answering queries on stdin/stdout.
- ``solver.engine.client``: ``Client``, a Python handle on a running engine process.
"""
