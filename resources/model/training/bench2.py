import sys, time, torch
from model import GPT, GPTConfig
torch.manual_seed(0)
C,L,H,B=192,4,6,16
cfg = GPTConfig(n_embd=C, n_layer=L, n_head=H)
m = GPT(cfg); opt = torch.optim.AdamW(m.parameters(), lr=1e-3)
x = torch.randint(0, 4096, (B, 257))
for th in [2,1,2]:
    torch.set_num_threads(th)
    for i in range(4):
        if i == 1: t = time.time()
        logits = m(x[:, :-1]); loss = torch.nn.functional.cross_entropy(logits.view(-1, 4096), x[:, 1:].reshape(-1))
        opt.zero_grad(); loss.backward(); opt.step()
    dt = (time.time() - t) / 3
    print(f"threads {th} step {dt:.2f}s  {B*256/dt:.0f} tok/s", flush=True)
