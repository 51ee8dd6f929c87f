from bohn_tui.cli import main

main()
