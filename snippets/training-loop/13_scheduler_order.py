def train(scheduler_first):
    sched_model = nn.Linear(1, 1)
    opt = torch.optim.SGD(
        sched_model.parameters(),
        lr=0.1)
    scheduler = (
        torch.optim.lr_scheduler
        .StepLR(opt, step_size=1,
                gamma=0.5))
    used = []
    for epoch in range(3):
        loss_fn(sched_model(X),
                Y).backward()
        if scheduler_first:
            # zh: 错误：放在
            # zh: optimizer.step() 之前
            # en: wrong: before
            # en: optimizer.step()
            scheduler.step()
        used.append(
            opt.param_groups[0]["lr"]
        )
        opt.step()
        opt.zero_grad()
        if not scheduler_first:
            # zh: 正确：放在
            # zh: optimizer.step() 之后
            # en: right: after
            # en: optimizer.step()
            scheduler.step()
    return used


print("after: ",
      train(scheduler_first=False))
print("before:",
      train(scheduler_first=True))
