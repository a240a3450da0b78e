# zh: 以为 shape() 和 size() 一样能调用
# en: if shape() could be called like size()
x.size()
