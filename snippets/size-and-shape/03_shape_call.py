x.shape()  # the notes write shape(); shape is not a method
