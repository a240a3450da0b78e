w = torch.tensor([1., 2.], requires_grad=True)
print(w.detach().numpy())        # on a GPU: w.detach().cpu().numpy()
print(w.numpy(force=True))       # detaches (and moves to CPU) for you
