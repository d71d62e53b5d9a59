"""``python -m fourfold`` runs the command line."""

from fourfold._cli import main

main()
