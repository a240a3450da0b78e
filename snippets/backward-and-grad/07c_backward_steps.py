w = torch.tensor(2.,
                 requires_grad=True)
y = w * 3 + w ** 2 + torch.sin(w)
# zh: 就是 y.backward()，外加记录
# en: y.backward(), recorded
backward_steps(
    y, names={"w": w, "y": y})
