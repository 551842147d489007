"""GPT-2 architecture in plain PyTorch, matching Hugging Face GPT2LMHeadModel math:
learned positions, pre-LayerNorm (eps 1e-5), GELU tanh approximation ("gelu_new"),
causal attention scaled by 1/sqrt(head_dim), biases everywhere, LM head tied to wte."""
import math
from dataclasses import dataclass, asdict

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class GPTConfig:
    vocab_size: int = 4096
    n_ctx: int = 256
    n_embd: int = 192
    n_head: int = 6
    n_layer: int = 4

    def to_dict(self):
        return asdict(self)


def gelu_new(x):
    # identical formula to HF "gelu_new"; the fused kernel is much faster on CPU
    return F.gelu(x, approximate="tanh")


class Block(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        C = cfg.n_embd
        self.n_head = cfg.n_head
        self.ln_1 = nn.LayerNorm(C, eps=1e-5)
        self.c_attn = nn.Linear(C, 3 * C)
        self.attn_proj = nn.Linear(C, C)
        self.ln_2 = nn.LayerNorm(C, eps=1e-5)
        self.c_fc = nn.Linear(C, 4 * C)
        self.mlp_proj = nn.Linear(4 * C, C)
        causal = torch.tril(torch.ones(cfg.n_ctx, cfg.n_ctx, dtype=torch.bool))
        self.register_buffer("mask_bias", torch.zeros(cfg.n_ctx, cfg.n_ctx).masked_fill(~causal, float("-inf")),
                             persistent=False)

    def attention(self, x, return_att=False):
        B, T, C = x.shape
        H = self.n_head
        q, k, v = self.c_attn(x).split(C, dim=2)
        q = q.view(B, T, H, C // H).transpose(1, 2)  # (B, H, T, hd)
        k = k.view(B, T, H, C // H).transpose(1, 2)
        v = v.view(B, T, H, C // H).transpose(1, 2)
        q = q * (1.0 / math.sqrt(C // H))  # same as scaling the scores, cheaper than a (T, T) divide
        att = torch.baddbmm(self.mask_bias[:T, :T].expand(B * H, T, T), q.reshape(B * H, T, -1),
                            k.reshape(B * H, T, -1).transpose(1, 2)).view(B, H, T, T)  # (B, H, T, T)
        att = F.softmax(att, dim=-1)
        y = (att @ v).transpose(1, 2).contiguous().view(B, T, C)
        return self.attn_proj(y), (att if return_att else None)

    def forward(self, x, return_att=False):
        a, att = self.attention(self.ln_1(x), return_att)
        x = x + a
        x = x + self.mlp_proj(gelu_new(self.c_fc(self.ln_2(x))))
        return x, att


class GPT(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.wte = nn.Embedding(cfg.vocab_size, cfg.n_embd)
        self.wpe = nn.Embedding(cfg.n_ctx, cfg.n_embd)
        self.h = nn.ModuleList([Block(cfg) for _ in range(cfg.n_layer)])
        self.ln_f = nn.LayerNorm(cfg.n_embd, eps=1e-5)
        self.apply(self._init)
        for name, p in self.named_parameters():  # GPT-2 scaled init of residual projections
            if name.endswith("attn_proj.weight") or name.endswith("mlp_proj.weight"):
                nn.init.normal_(p, 0.0, 0.02 / math.sqrt(2 * cfg.n_layer))

    @staticmethod
    def _init(m):
        if isinstance(m, nn.Linear):
            nn.init.normal_(m.weight, 0.0, 0.02)
            nn.init.zeros_(m.bias)
        elif isinstance(m, nn.Embedding):
            nn.init.normal_(m.weight, 0.0, 0.02)

    def forward(self, idx, return_att=False):
        B, T = idx.shape
        x = self.wte(idx) + self.wpe(torch.arange(T, device=idx.device))[None]
        atts = []
        for blk in self.h:
            x, att = blk(x, return_att)
            atts.append(att)
        x = self.ln_f(x)
        logits = x @ self.wte.weight.t()  # tied LM head
        return (logits, atts) if return_att else logits
