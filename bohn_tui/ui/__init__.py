"""The Textual app. Import only from the commands that start it (cli.py)."""
