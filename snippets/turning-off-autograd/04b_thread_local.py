import threading

in_other_thread = []
# zh: 只在当前线程关闭梯度
# en: switches gradients off in this
# en: thread only
torch.set_grad_enabled(False)
worker = threading.Thread(
    target=lambda:
        in_other_thread.append(
            torch.is_grad_enabled()))
worker.start()
worker.join()
in_this_thread = (
    torch.is_grad_enabled())
torch.set_grad_enabled(True)
print(in_this_thread,
      in_other_thread)
