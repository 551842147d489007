// The forward pass: Session::prefill (a decode step is a prefill of one token). One pass for
// every architecture, switched by the config:
//   embedding (+ learned position; times Config::embeddingMultiplier) -> for each layer:
//     norm (LayerNorm or RMSNorm) -> q, k, v (one packed product, or parts of different
//     types from a GGUF file; optional biases)
//     -> per-head RMSNorm of q and k (Qwen3) -> RoPE on q and k (rotary models)
//     -> append k, v to the cache (key/value heads only) -> causal attention, each query head
//        reading its group's key/value head -> output projection -> residual
//     -> norm -> MLP (GELU, or SwiGLU's act(gate) * up) -> residual
//   -> final norm -> head (-> logit multiplier, soft-cap).
// Config switches for the families after Llama: no norm before the sublayers (EXAONE 4), a norm
// on each sublayer's output before the residual add (EXAONE 4, Gemma 3), sliding-window layers
// (a query at i sees keys i - W < j <= i) with their own RoPE base (Gemma 3) or next to layers
// without RoPE (EXAONE 4 32B, SmolLM3), another attention scale and soft-caps (Gemma), and
// Granite's μP multipliers. With the defaults every line below computes what it did before.
// Interventions hook in at three marked points (model/intervention_hooks.hpp): the residual
// entering a block (patching, steering), each head's output before the output projection
// (ablation) and the logits (bias, bans).
// Every buffer carries its shape in a comment; T is the number of tokens in this call, L the
// number of keys the last of them sees.
#include <cblas.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstring>
#include <initializer_list>

#include "compute/for_rows.hpp"
#include "compute/kernels.hpp"
#include "compute/packed_linear.hpp"
#include "compute/rope.hpp"
#include "model/intervention_hooks.hpp"
#include "model/session_state.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/session.hpp"

namespace ts {
namespace {

// Y[T, total] = X[T, in] W^T + bias for a weight held as consecutive parts (a fused weight
// is the one-part case; parts with out == 0 are absent): each part's outputs go to its own
// columns of Y, so the caller sees one product.
void linearParts(const float* X, int T, std::initializer_list<const kernels::PackedWeight*> parts,
                 const float* bias, float* Y, FloatBuffer& scratch) {
    int total = 0, n = 0;
    for (const auto* p : parts)
        if (p->out > 0) total += p->out, ++n;
    if (n == 1) {
        kernels::linearPacked(X, T, **parts.begin(), bias, Y);
        return;
    }
    if (kernels::linearBlocksDecode(
            X, T, std::span<const kernels::PackedWeight* const>(parts.begin(), parts.size()), bias,
            Y))
        return;
    int at = 0;
    for (const auto* p : parts) {
        if (p->out == 0) continue;
        const float* b = bias ? bias + at : nullptr;
        if (T == 1) {
            kernels::linearPacked(X, 1, *p, b, Y + at);
        } else {
            scratch.ensure(sz(T) * sz(p->out));  // [T, p->out]
            kernels::linearPacked(X, T, *p, b, scratch.data());
            for (int t = 0; t < T; ++t)
                std::memcpy(Y + sz(t) * sz(total) + sz(at), scratch.data() + sz(t) * sz(p->out),
                            sz(p->out) * 4);
        }
        at += p->out;
    }
}

// Gemma's attention soft-cap: s -> cap * tanh(s / cap) on the scaled scores (none when 0).
void softcap(float* s, int n, double cap) {
    if (!(cap > 0)) return;
    const float k = static_cast<float>(cap);
    for (int i = 0; i < n; ++i) s[i] = k * std::tanh(s[i] / k);
}

}  // namespace

StepTrace Session::prefill(std::span<const int> tokens, const TraceOptions& options) {
    using clock = std::chrono::steady_clock;
    const auto t0 = clock::now();
    SessionState& S = *m_state;
    const ModelData& D = *S.d;
    const Config& c = D.config;
    const int T = static_cast<int>(tokens.size());
    if (T == 0) throw Error("no tokens to run: prefill needs at least one token");
    for (int i = 0; i < T; ++i)
        if (tokens[sz(i)] < 0 || tokens[sz(i)] >= c.nVocab)
            throw Error("token id " + std::to_string(tokens[sz(i)]) + " at index " +
                        std::to_string(i) + " is out of range (vocabulary size " +
                        std::to_string(c.nVocab) + ")");
    if (static_cast<long long>(S.pos) + T > c.nCtx)
        throw Error("context full: the model's context length is " + std::to_string(c.nCtx) +
                    " tokens, the session holds " + std::to_string(S.pos) + " and " +
                    std::to_string(T) +
                    " more would exceed it; the engine stops at the "
                    "context length rather than sliding the window (reset or truncate first)");

    // Interventions (tokenscope/interventions.hpp): null when there are none, so an empty set
    // takes exactly the path of no set.
    const Interventions* iv = options.interventions && !options.interventions->empty()
                                  ? options.interventions.get()
                                  : nullptr;
    if (iv) iv->validate(c);

    const int C = c.nEmbd, H = c.nHead, KVH = c.kvHeads(), hd = c.headDim(), I = c.nInner,
              V = c.nVocab;
    const int Q = c.qDim(), KV = c.kvDim(), QKV = Q + 2 * KV;
    const int group = H / KVH;             // query heads per key/value head
    const int F = c.gatedMlp ? 2 * I : I;  // width of the first MLP product
    const int half = hd / 2;
    const bool rope = c.positions == PositionKind::Rope;
    const int p0 = S.pos;
    const int L = p0 + T;  // keys visible to the last query
    S.ensureCapacity(L);
    const std::size_t cap = sz(S.cap);

    StepTrace tr;
    tr.firstPosition = p0;
    tr.tokens.assign(tokens.begin(), tokens.end());

    S.x.ensure(sz(T) * sz(C));                    // [T, C] residual stream
    S.xn.ensure(sz(T) * sz(C));                   // [T, C] normalised
    S.qkv.ensure(sz(T) * sz(QKV));                // [T, Q | KV | KV]
    S.att.ensure(sz(T) * sz(Q));                  // [T, Q] attention output, head h at h * hd
    S.tmp.ensure(sz(T) * sz(C));                  // [T, C]
    S.hidden.ensure(sz(T) * sz(F));               // [T, F] MLP (gate | up when gated)
    if (c.gatedMlp) S.act.ensure(sz(T) * sz(I));  // [T, I] act(gate) * up
    if (rope) S.rope.ensure(sz(T) * sz(hd));      // [T, cos(half) | sin(half)]
    const bool localRope = rope && !D.ropeInvFreqLocal.empty();
    if (localRope) S.ropeLocal.ensure(sz(T) * sz(hd));  // the sliding layers' base
    float* X = S.x.data();

    const int firstBlock = options.resumeAtBlock;
    if (firstBlock < 0 || firstBlock >= c.nLayer ||
        (firstBlock > 0 && options.resumeResidual.size() != sz(T) * sz(C)))
        throw Error("resuming at block " + std::to_string(firstBlock + 1) +
                    " needs a block that exists and one residual row per token");
    if (firstBlock > 0 && (options.attention || options.embeddings || options.residuals ||
                           options.blockInputs || options.headOutputMeans))
        throw Error(
            "a pass resumed at a block records no per-layer traces (they would lack "
            "the blocks before it)");
    for (int t = 0; t < T; ++t) {
        float* xr = X + sz(t) * sz(C);
        if (rope) {
            float* cs = S.rope.data() + sz(t) * sz(hd);
            kernels::ropeAngles(D.ropeInvFreq, p0 + t, cs, cs + half);
            if (localRope) {
                float* cl = S.ropeLocal.data() + sz(t) * sz(hd);
                kernels::ropeAngles(D.ropeInvFreqLocal, p0 + t, cl, cl + half);
            }
        }
        if (firstBlock > 0) {  // the caller's residual enters block firstBlock
            std::memcpy(xr, options.resumeResidual.data() + sz(t) * sz(C), sz(C) * 4);
            continue;
        }
        D.embedding.row(tokens[sz(t)], xr);
        if (c.embeddingMultiplier != 1.0) {  // Gemma: sqrt(hidden_size); Granite: μP
            const float m = static_cast<float>(c.embeddingMultiplier);
            for (int i = 0; i < C; ++i) xr[i] *= m;
        }
        if (options.embeddings) tr.tokenEmbedding.emplace_back(xr, xr + C);
        if (D.wpe) {
            const float* pe = D.wpe + sz(p0 + t) * sz(C);
            for (int i = 0; i < C; ++i) xr[i] += pe[i];
            if (options.embeddings) tr.positionEmbedding.emplace_back(pe, pe + C);
        } else if (options.embeddings) {
            tr.positionEmbedding.emplace_back(sz(C), 0.0f);  // positions enter as rotations
        }
    }
    const float* lastRow = X + sz(T - 1) * sz(C);
    if (options.residuals) {
        tr.residuals.reserve(sz(c.nLayer) + 1);
        tr.residuals.emplace_back(lastRow, lastRow + C);
    }
    if (options.attention) {
        tr.attention.nLayer = c.nLayer;
        tr.attention.nHead = H;
        tr.attention.nKvHead = KVH;
        tr.attention.firstQuery = p0;
        tr.attention.slidingWindow = c.slidingWindow;
        tr.attention.layerSliding = c.layerSliding;
        tr.attention.nQueries = T;
        const std::size_t perHead = (sz(L) * sz(L + 1) - sz(p0) * sz(p0 + 1)) / 2;
        tr.attention.data.resize(sz(c.nLayer) * sz(H) * perHead);
    }

    double flops = 0;
    for (int l = firstBlock; l < c.nLayer; ++l) {
        if (S.cancel && S.cancel->load(std::memory_order_relaxed)) throw Cancelled();
        const LayerWeights& w = D.layers[sz(l)];
        float scale = c.attentionScale > 0 ? static_cast<float>(c.attentionScale)
                                           : 1.0f / std::sqrt(static_cast<float>(hd));
        if (c.scaleAttnByInverseLayerIdx) scale /= static_cast<float>(l + 1);
        const int W = c.isSliding(l) ? c.slidingWindow : 0;  // 0: every earlier key
        const bool turns = c.usesRope(l);
        const float* ropeTable = localRope && W > 0 ? S.ropeLocal.data() : S.rope.data();

        // Hook: the residual entering block l (patching, steering), then its capture.
        if (iv) hooks::blockInput(*iv, l, p0, T, C, X);
        if (options.blockInputs) tr.blockInputs.emplace_back(X, X + sz(T) * sz(C));

        if (w.ln1W)  // EXAONE 4 has no input norm: the residual itself enters attention
            forRows(T, C, [&](int b, int e) {
                for (int t = b; t < e; ++t)
                    kernels::normalize(c.norm, X + sz(t) * sz(C), S.xn.data() + sz(t) * sz(C),
                                       w.ln1W, w.ln1B, C, c.layerNormEps);
            });
        linearParts(w.ln1W ? S.xn.data() : X, T, {&w.qkvW, &w.kW, &w.vW}, w.qkvB, S.qkv.data(),
                    S.part);
        // Per-head q/k norm, then the rotation, then keys and values into the cache.
        float* Kl = S.keys(l);
        float* Vl = S.values(l);
        forRows(T, QKV, [&](int b, int e) {
            for (int t = b; t < e; ++t) {
                float* row = S.qkv.data() + sz(t) * sz(QKV);
                float* q = row;
                float* k = row + Q;
                const float* v = row + Q + KV;
                if (c.qkNorm) {
                    for (int h = 0; h < H; ++h)
                        kernels::rmsNorm(q + h * hd, q + h * hd, w.qNormW, hd, c.layerNormEps);
                    for (int g = 0; g < KVH; ++g)
                        kernels::rmsNorm(k + g * hd, k + g * hd, w.kNormW, hd, c.layerNormEps);
                }
                if (rope && turns) {
                    const float* cs = ropeTable + sz(t) * sz(hd);
                    const auto turn =
                        c.ropeAdjacentPairs ? kernels::applyRopeAdjacent : kernels::applyRope;
                    for (int h = 0; h < H; ++h) turn(q + h * hd, half, cs, cs + half);
                    for (int g = 0; g < KVH; ++g) turn(k + g * hd, half, cs, cs + half);
                }
                for (int g = 0; g < KVH; ++g) {
                    std::memcpy(Kl + (sz(g) * cap + sz(p0 + t)) * sz(hd), k + g * hd, sz(hd) * 4);
                    std::memcpy(Vl + (sz(g) * cap + sz(p0 + t)) * sz(hd), v + g * hd, sz(hd) * 4);
                }
            }
        });
        const int nth = kernels::threads();
        S.scores.ensure(sz(nth) * sz(T) * sz(L));  // per thread [T, L]
        auto headRange = [&](int hb, int he, float* Sc) {
            for (int h = hb; h < he; ++h) {
                const int g = h / group;
                const float* Kh = Kl + sz(g) * cap * sz(hd);
                const float* Vh = Vl + sz(g) * cap * sz(hd);
                if (T == 1) {
                    // A sliding layer's query sees the last W keys only: the rest weigh 0.
                    const float* q = S.qkv.data() + h * hd;
                    const int j0 = W > 0 ? std::max(0, L - W) : 0;
                    for (int j = j0; j < L; ++j)
                        Sc[j] = kernels::dot(q, Kh + sz(j) * sz(hd), hd) * scale;
                    softcap(Sc + j0, L - j0, c.attnSoftcap);
                    kernels::softmax(Sc + j0, L - j0);
                    std::fill(Sc, Sc + j0, 0.0f);
                    float* o = S.att.data() + h * hd;
                    std::memset(o, 0, sz(hd) * 4);
                    for (int j = j0; j < L; ++j) kernels::axpy(Sc[j], Vh + sz(j) * sz(hd), o, hd);
                } else {
                    // Blocks of queries, each against only the keys it may see: the masked
                    // upper triangle is never computed (half the work of a fresh prompt).
                    constexpr int kQueryBlock = 32;
                    for (int q0 = 0; q0 < T; q0 += kQueryBlock) {
                        const int t1 = std::min(T, q0 + kQueryBlock), keys = p0 + t1;
                        float* Sb = Sc + sz(q0) * sz(L);
                        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, t1 - q0, keys, hd,
                                    scale, S.qkv.data() + sz(q0) * sz(QKV) + sz(h * hd), QKV, Kh,
                                    hd, 0.0f, Sb, L);
                        for (int t = q0; t < t1; ++t) {
                            float* row = Sc + sz(t) * sz(L);
                            const int n = p0 + t + 1;
                            const int j0 = W > 0 ? std::max(0, n - W) : 0;  // i - W < j <= i
                            softcap(row + j0, n - j0, c.attnSoftcap);
                            kernels::softmax(row + j0, n - j0);
                            std::fill(row, row + j0, 0.0f);
                            std::fill(row + n, row + keys, 0.0f);
                        }
                        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, t1 - q0, hd, keys,
                                    1.0f, Sb, L, Vh, hd, 0.0f,
                                    S.att.data() + sz(q0) * sz(Q) + sz(h * hd), Q);
                    }
                }
                if (options.attention)
                    for (int t = 0; t < T; ++t) {
                        const std::size_t off = tr.attention.rowOffset(l, h, p0 + t);
                        std::memcpy(tr.attention.data.data() + off, Sc + sz(t) * sz(L),
                                    sz(p0 + t + 1) * 4);
                    }
            }
        };
        if (nth == 1 || static_cast<long long>(T) * L * Q < 16384) {
            headRange(0, H, S.scores.data());
        } else {
            // Heads from a shared counter (each thread with its own score rows): a thread the
            // system has not scheduled yet is not waited for.
            std::atomic<int> nextHead{0};
            kernels::parallelShared([&](int th, int) {
                for (int h; (h = nextHead.fetch_add(1, std::memory_order_relaxed)) < H;)
                    headRange(h, h + 1, S.scores.data() + sz(th) * sz(T) * sz(L));
            });
        }
        // Hook: each head's output before the output projection (means, then ablation).
        if (options.headOutputMeans) {
            std::vector<float> mean(sz(Q), 0.0f);
            for (int t = 0; t < T; ++t)
                for (int i = 0; i < Q; ++i) mean[sz(i)] += S.att[sz(t) * sz(Q) + sz(i)];
            for (float& m : mean) m /= static_cast<float>(T);
            tr.headOutputMeans.push_back(std::move(mean));
        }
        if (iv) hooks::attentionOutput(*iv, l, T, Q, hd, S.att.data());
        kernels::linearPacked(S.att.data(), T, w.projW, w.projB, S.tmp.data());
        const float rm = static_cast<float>(c.residualMultiplier);
        // A sublayer's output: normed first where the family says so (EXAONE 4, Gemma 3),
        // times Granite's residual multiplier, then added to the residual.
        auto finishSublayer = [&](float* add, const float* postW) {
            if (postW) kernels::rmsNorm(add, add, postW, C, c.layerNormEps);
            if (rm != 1.0f)
                for (int i = 0; i < C; ++i) add[i] *= rm;
        };
        forRows(T, C, [&](int b, int e) {
            for (int t = b; t < e; ++t) {
                float* x = X + sz(t) * sz(C);
                float* add = S.tmp.data() + sz(t) * sz(C);
                finishSublayer(add, w.postAttnW);
                for (int i = 0; i < C; ++i) x[i] += add[i];
                if (w.ln2W)
                    kernels::normalize(c.norm, x, S.xn.data() + sz(t) * sz(C), w.ln2W, w.ln2B, C,
                                       c.layerNormEps);
            }
        });
        linearParts(w.ln2W ? S.xn.data() : X, T, {&w.fcW, &w.upW}, w.fcB, S.hidden.data(), S.part);
        const float* mlpMid = S.hidden.data();  // [T, I]
        if (c.gatedMlp) {
            forRows(T, F, [&](int b, int e) {
                for (int t = b; t < e; ++t)
                    kernels::gatedActivate(S.hidden.data() + sz(t) * sz(F),
                                           S.act.data() + sz(t) * sz(I), I, c.activation);
            });
            mlpMid = S.act.data();
        } else {
            forRows(T, I, [&](int b, int e) {
                kernels::activate(S.hidden.data() + sz(b) * sz(I), sz(e - b) * sz(I), c.activation);
            });
        }
        kernels::linearPacked(mlpMid, T, w.fc2W, w.fc2B, S.tmp.data());
        if (w.postFfnW || rm != 1.0f)
            forRows(T, C, [&](int b, int e) {
                for (int t = b; t < e; ++t)
                    finishSublayer(S.tmp.data() + sz(t) * sz(C), w.postFfnW);
            });
        for (std::size_t i = 0; i < sz(T) * sz(C); ++i) X[i] += S.tmp[i];
        if (options.residuals) tr.residuals.emplace_back(lastRow, lastRow + C);

        flops += 2.0 * T * (1.0 * QKV * C + 1.0 * C * Q + 1.0 * F * C + 1.0 * C * I);
        for (int t = 0; t < T; ++t)
            flops += 4.0 * (W > 0 ? std::min(p0 + t + 1, W) : p0 + t + 1) * Q;
    }
    if (S.cancel && S.cancel->load(std::memory_order_relaxed)) throw Cancelled();

    // Final norm and head.
    tr.logits.resize(sz(V));
    if (options.allLogits && T > 1) {
        for (int t = 0; t < T; ++t)
            kernels::normalize(c.norm, X + sz(t) * sz(C), S.xn.data() + sz(t) * sz(C), D.lnfW,
                               D.lnfB, C, c.layerNormEps);
        S.logitsScratch.ensure(sz(T) * sz(V));
        kernels::linearPacked(S.xn.data(), T, D.lmHead, nullptr, S.logitsScratch.data());
        finishLogits(c, S.logitsScratch.data(), sz(T) * sz(V));
        tr.allLogits.resize(sz(T));
        for (int t = 0; t < T; ++t)
            tr.allLogits[sz(t)].assign(S.logitsScratch.data() + sz(t) * sz(V),
                                       S.logitsScratch.data() + sz(t + 1) * sz(V));
        tr.logits = tr.allLogits.back();
        flops += 2.0 * T * V * C;
    } else {
        kernels::normalize(c.norm, lastRow, S.xn.data(), D.lnfW, D.lnfB, C, c.layerNormEps);
        kernels::linearPacked(S.xn.data(), 1, D.lmHead, nullptr, tr.logits.data());
        finishLogits(c, tr.logits.data(), sz(V));
        if (options.allLogits) tr.allLogits.push_back(tr.logits);
        flops += 2.0 * V * C;
    }

    // Hook: logit bias and bans, on every reported position.
    if (iv && !(iv->banned.empty() && iv->logitBias.empty())) {
        for (auto& row : tr.allLogits) applyLogitInterventions(*iv, row);
        tr.bannedLogits = applyLogitInterventions(*iv, tr.logits);
    }

    // Commit.
    S.pos = L;
    S.tokens.insert(S.tokens.end(), tokens.begin(), tokens.end());

    tr.cost.flops = flops;
    // every streamed weight once, plus the embedding (and position) rows of the tokens
    tr.cost.weightBytes = static_cast<double>(D.streamedPerToken) +
                          T * (D.embedding.rowBytes() + (D.wpe ? 4.0 * C : 0.0));
    tr.cost.kvCacheBytes = static_cast<double>(kvCacheBytes());
    tr.cost.contextLength = S.pos;
    tr.cost.wallMs = std::chrono::duration<double, std::milli>(clock::now() - t0).count();
    return tr;
}

}  // namespace ts
