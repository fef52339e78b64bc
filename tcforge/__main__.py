from tcforge.cli import main

main()
