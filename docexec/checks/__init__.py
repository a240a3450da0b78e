"""checks: outputs kept and compared (record, snapshot), zh/en parity, drift under another torch.

May not touch: the site or MkDocs objects; writes snapshots/ and reports only when asked.
"""
