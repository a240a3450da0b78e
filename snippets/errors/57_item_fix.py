loss = torch.tensor([0.5, 0.25])
print(loss.mean().item())        # reduce to one element first
print(loss.tolist())             # or take all the numbers
