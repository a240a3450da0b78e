ways = {
    "functional.jacobian":
        J_functional[0],
    "func.jacrev": J_jacrev,
    "func.jacfwd": J_jacfwd,
    "vmap(vjp)": J_vmap,
}
for name, J in ways.items():
    print(f"{name:20}",
          torch.equal(J, J_loop))
assert all(torch.equal(J, J_loop)
           for J in ways.values())
