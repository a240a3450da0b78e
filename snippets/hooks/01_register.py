import torch
from torch import nn

# zh: 按触发顺序记下每个钩子的名字
# en: record each hook's name in the
# en: order they fire
def say(name):
    def hook(*args):
        print(name)
    return hook

lin = nn.Linear(2, 1, bias=False)
with torch.no_grad():
    lin.weight.copy_(
        torch.tensor([[3., 4.]]))

lin.register_forward_pre_hook(
    say("module forward pre-hook"))
lin.register_forward_hook(
    say("module forward hook"))
lin.register_full_backward_pre_hook(
    say("module backward pre-hook"))
lin.register_full_backward_hook(
    say("module backward hook"))

x = torch.tensor([1., 2.],
                 requires_grad=True)
x.register_hook(
    say("x: tensor hook"))
x.register_post_accumulate_grad_hook(
    say("x: post-accumulate hook"))
print(lin.weight)
