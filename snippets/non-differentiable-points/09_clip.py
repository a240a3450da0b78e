w = torch.tensor([1., 1.],
                 requires_grad=True)
# zh: 一个梯度很大的损失
# en: a loss with a large gradient
loss = (w * torch.tensor([30., 40.])
        ).sum()
loss.backward()
print(w.grad, w.grad.norm())
clip = torch.nn.utils
total = clip.clip_grad_norm_(
    [w], max_norm=1.0)
# zh: 返回裁剪前的范数；方向不变
# en: returns the norm before
# en: clipping; direction kept
print(total, w.grad)
# zh: 范数在 1 的 1e-6 之内
# en: a norm 1 to within 1e-6
print(w.grad.norm().item())
