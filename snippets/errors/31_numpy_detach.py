w = torch.tensor([1., 2.],
                 requires_grad=True)
# zh: 在 GPU 上：w.detach().cpu().numpy()
# en: on a GPU: w.detach().cpu().numpy()
print(w.detach().numpy())
# zh: 替你分离（并移到 CPU）
# en: detaches (and moves to CPU)
# en: for you
print(w.numpy(force=True))
