print(draw_graph(y, names={"x": x, "y": y}))
