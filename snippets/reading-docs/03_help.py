import contextlib
import io

buffer = io.StringIO()
with contextlib.redirect_stdout(buffer):
    help(torch.ones)  # the notes' call, its text captured
lines = buffer.getvalue().splitlines()
print(f"{len(lines)=}")
print("\n".join(lines[:15]))
