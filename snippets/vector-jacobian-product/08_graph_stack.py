print(draw_graph(
    y,
    names={"x": x, "y": y},
    title=GRAPH_TITLE,
))
