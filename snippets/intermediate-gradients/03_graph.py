print(draw_graph(
    out,
    names={"x": x, "a1": a1,
           "out": out},
    title=GRAPH_TITLE,
))
