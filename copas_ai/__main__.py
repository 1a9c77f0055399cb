import sys

from copas_ai.cli import main

sys.exit(main())
