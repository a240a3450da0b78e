import contextlib
import io

buffer = io.StringIO()
with contextlib.redirect_stdout(
        buffer):
    # zh: 笔记里的调用，输出的文字被截获
    # en: the notes' call, its text
    # en: captured
    help(torch.ones)
lines = (buffer.getvalue()
         .splitlines())
print(f"{len(lines)=}")
print("\n".join(lines[:15]))
