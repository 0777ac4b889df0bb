import sys

from canasta_tools.cli import main

sys.exit(main())
