frozen_bn = nn.BatchNorm1d(1)
# zh: weight 和 bias 冻结了……
# en: weight and bias frozen ...
frozen_bn.requires_grad_(False)
print(frozen_bn.running_mean)
batch = torch.tensor(
    [[1.], [2.], [3.], [4.]])
# zh: ……但处于训练模式
# en: ... in training mode
frozen_bn(batch)
# zh: 统计量照样变化
# en: the statistics still move
print(frozen_bn.running_mean)

# zh: 改法：对冻结的部分调用 eval()
# en: the fix: eval() on the frozen part
frozen_bn.eval()
frozen_bn(batch)
# zh: 不再变化
# en: left alone
print(frozen_bn.running_mean)
# zh: 父模块的 train() 会把它切回去
# en: train() on a parent resets it
nn.Sequential(frozen_bn).train()
print(frozen_bn.training)
