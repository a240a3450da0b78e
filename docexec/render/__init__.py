"""render: outcomes -> Markdown (code and output in place of each block) -> the page's HTML."""
