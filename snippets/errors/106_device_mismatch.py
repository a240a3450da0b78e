# zh: 另一个设备
# zh: （meta：只有形状，没有数据）
# en: another device
# en: (meta: shapes only, no data)
w = torch.ones(2, device="meta")
# zh: 在 CPU 上
# en: on the CPU
x = torch.ones(2)
w + x
