torch.manual_seed(0)
layer = (
    torch.nn.TransformerEncoderLayer(
        d_model=4, nhead=2,
        dim_feedforward=8,
        batch_first=True))
encoder = (
    torch.nn.TransformerEncoder(
        layer, num_layers=1).eval())
x = torch.randn(1, 3, 4)
padding = torch.tensor(
    [[False, False, True]])
out_eval = encoder(
    x,
    src_key_padding_mask=padding)
with torch.no_grad():
    out_fast = encoder(
        x,
        src_key_padding_mask=padding)
print(out_eval[0, 2].detach())
print(out_fast[0, 2])
print(torch.allclose(out_eval[0, :2],
                     out_fast[0, :2],
                     atol=1e-6))
