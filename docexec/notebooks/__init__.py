"""notebooks: every page as a notebook to download (pagebook); practice pages run (practice)."""
