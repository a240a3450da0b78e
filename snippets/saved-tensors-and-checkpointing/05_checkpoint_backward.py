out_ckpt.backward()
print("forward runs:", runs)
g1, g2 = w1.grad, w2.grad
w1.grad = w2.grad = None
# zh: 不用梯度检查点的同一个损失
# en: the same loss, no checkpoint
out.backward()
print(torch.equal(g1, w1.grad),
      torch.equal(g2, w2.grad))
