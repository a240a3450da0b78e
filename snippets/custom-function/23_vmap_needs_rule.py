# zh: 同一个 ExpF，去掉生成的 vmap 规则
# en: the same ExpF without the
# en: generated vmap rule
class ExpNoRule(ExpF):
    generate_vmap_rule = False


f.vmap(ExpNoRule.apply)(x)
