# zh: 把整批的梯度复制 4 份
# en: the batch gradient copied 4 times
per_sample = g_batch.expand(4, 3)
