# zh: 笔记的 backward(v)：vᵀJ
# en: the notes' backward(v): vᵀJ
xr = x.clone().requires_grad_()
f(xr).backward(v.view(1, 2))
print(xr.grad)
J = torch.tensor([[4., 3.],
                  [2., 6.]])
assert (torch.equal(Jv[0], J @ v)
        and torch.equal(xr.grad,
                        v @ J))
