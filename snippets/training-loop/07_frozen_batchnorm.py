frozen_bn = nn.BatchNorm1d(1)
frozen_bn.requires_grad_(False)      # weight and bias frozen ...
print(frozen_bn.running_mean)
batch = torch.tensor([[1.], [2.], [3.], [4.]])
frozen_bn(batch)                     # ... in training mode
print(frozen_bn.running_mean)        # the statistics still move

frozen_bn.eval()                     # the fix: eval() on the frozen part
frozen_bn(batch)
print(frozen_bn.running_mean)        # left alone
nn.Sequential(frozen_bn).train()     # train() on a parent resets it
print(frozen_bn.training)
