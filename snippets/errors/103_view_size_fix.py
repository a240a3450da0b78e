# zh: -1：由其余的维推算出来
# en: -1: "whatever is left"
print(x.numel(), x.view(2, 3).shape,
      x.view(-1, 2).shape)
