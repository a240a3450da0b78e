# zh: 以为 [2.0] 和 2.0 一样是零维的
# en: if [2.0] were 0-d like 2.0
w1 = torch.tensor(2.0,
                  requires_grad=True)
print(w1.data, w1.shape)
