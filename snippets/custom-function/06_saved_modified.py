print(run(Square))
