class Sort(Function):
    @staticmethod
    def forward(ctx, x):
        values, idx = x.sort()
        ctx.mark_non_differentiable(
            idx)
        ctx.save_for_backward(idx)
        return values, idx

    @staticmethod
    def backward(ctx, g_vals, g_idx):
        (idx,) = ctx.saved_tensors
        # zh: 把梯度放回排序前的位置
        # en: send each gradient back to
        # en: its unsorted position
        gx = torch.zeros_like(g_vals)
        gx[idx] = g_vals
        return gx


x = torch.tensor([3., 1., 2.],
                 requires_grad=True)
values, idx = Sort.apply(x)
print(values, idx)
print(values.requires_grad,
      idx.requires_grad)
w = torch.tensor([1., 10., 100.])
(values * w).sum().backward()
print(x.grad)
