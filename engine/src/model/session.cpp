#include "tokenscope/session.hpp"

#include <cblas.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>

#include "compute/kernels.hpp"
#include "compute/packed_linear.hpp"
#include "model/session_state.hpp"
#include "tokenscope/error.hpp"

namespace ts {
namespace {

std::size_t sz(long long v) { return static_cast<std::size_t>(v); }

// Runs fn(begin, end) over the rows [0, T), split across the engine's threads when there is
// enough work (rows x cost per row) to pay for waking them.
template <class F>
void forRows(int T, int costPerRow, F&& fn) {
    if (kernels::threads() == 1 || static_cast<long long>(T) * costPerRow < 32768) {
        fn(0, T);
        return;
    }
    kernels::parallel([&](int th, int n) {
        int b, e;
        kernels::chunk(T, th, n, 1, b, e);
        if (b < e) fn(b, e);
    });
}

}  // namespace

void SessionState::ensureCapacity(int needed) {
    if (needed <= cap) return;
    const Config& c = d->config;
    int newCap = std::max(needed, std::max(64, cap * 2));
    newCap = std::min(newCap, c.nCtx);
    newCap = std::max(newCap, needed);
    const std::size_t hd = sz(c.headDim());
    SessionState grown;
    grown.d = d;
    grown.cap = newCap;
    grown.kv.resize(2 * sz(c.nLayer) * sz(c.nHead) * sz(newCap) * hd);
    if (pos > 0) copyCacheInto(grown);
    kv = std::move(grown.kv);
    cap = newCap;
}

void SessionState::copyCacheInto(SessionState& dst) const {
    const Config& c = d->config;
    const std::size_t hd = sz(c.headDim());
    for (int l = 0; l < c.nLayer; ++l)
        for (int h = 0; h < c.nHead; ++h) {
            std::memcpy(dst.keys(l) + sz(h) * sz(dst.cap) * hd, keys(l) + sz(h) * sz(cap) * hd,
                        sz(pos) * hd * sizeof(float));
            std::memcpy(dst.values(l) + sz(h) * sz(dst.cap) * hd, values(l) + sz(h) * sz(cap) * hd,
                        sz(pos) * hd * sizeof(float));
        }
}

Session::Session(std::shared_ptr<const Model> model) : m_state(std::make_unique<SessionState>()) {
    if (!model) throw Error("Session needs a model");
    m_state->d = &model->data();
    m_state->model = std::move(model);
}

Session::~Session() = default;
Session::Session(Session&&) noexcept = default;
Session& Session::operator=(Session&&) noexcept = default;

int Session::position() const { return m_state->pos; }
const std::vector<int>& Session::tokens() const { return m_state->tokens; }
const Model& Session::model() const { return *m_state->model; }
std::shared_ptr<const Model> Session::modelPtr() const { return m_state->model; }
void Session::setCancelFlag(const std::atomic<bool>* cancel) { m_state->cancel = cancel; }

std::size_t Session::kvCacheBytes() const {
    const Config& c = m_state->d->config;
    return 2 * sz(c.nLayer) * sz(m_state->pos) * sz(c.nEmbd) * sizeof(float);
}

void Session::reset() {
    m_state->pos = 0;
    m_state->tokens.clear();
}

void Session::truncate(int n) {
    if (n < 0 || n > m_state->pos)
        throw Error("truncate(" + std::to_string(n) + "): the session holds " +
                    std::to_string(m_state->pos) + " tokens");
    m_state->pos = n;
    m_state->tokens.resize(sz(n));
}

Session Session::fork() const {
    Session s;
    s.m_state = std::make_unique<SessionState>();
    SessionState& a = *m_state;
    SessionState& b = *s.m_state;
    b.model = a.model;
    b.d = a.d;
    b.cancel = a.cancel;
    if (a.pos > 0) {
        b.ensureCapacity(a.pos);  // allocates only what is used (rounded up a little)
        a.copyCacheInto(b);
    }
    b.pos = a.pos;
    b.tokens = a.tokens;
    return s;
}

StepTrace Session::step(int token, const TraceOptions& options) {
    const int t[1] = {token};
    return prefill(std::span<const int>(t, 1), options);
}

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
                    std::to_string(T) + " more would exceed it; the engine stops at the "
                    "context length rather than sliding the window (reset or truncate first)");

    const int C = c.nEmbd, H = c.nHead, hd = c.headDim(), I = c.nInner, V = c.nVocab;
    const int p0 = S.pos;
    const int L = p0 + T;  // keys visible to the last query
    S.ensureCapacity(L);
    const std::size_t cap = sz(S.cap);

    StepTrace tr;
    tr.firstPosition = p0;
    tr.tokens.assign(tokens.begin(), tokens.end());

    S.x.ensure(sz(T) * sz(C));
    S.xn.ensure(sz(T) * sz(C));
    S.qkv.ensure(sz(T) * sz(3 * C));
    S.att.ensure(sz(T) * sz(C));
    S.tmp.ensure(sz(T) * sz(C));
    S.hidden.ensure(sz(T) * sz(I));
    float* X = S.x.data();

    for (int t = 0; t < T; ++t) {
        const float* te = D.wte + sz(tokens[sz(t)]) * sz(C);
        const float* pe = D.wpe + sz(p0 + t) * sz(C);
        float* xr = X + sz(t) * sz(C);
        for (int i = 0; i < C; ++i) xr[i] = te[i] + pe[i];
        if (options.embeddings) {
            tr.tokenEmbedding.emplace_back(te, te + C);
            tr.positionEmbedding.emplace_back(pe, pe + C);
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
        tr.attention.firstQuery = p0;
        tr.attention.nQueries = T;
        const std::size_t perHead = (sz(L) * sz(L + 1) - sz(p0) * sz(p0 + 1)) / 2;
        tr.attention.data.resize(sz(c.nLayer) * sz(H) * perHead);
    }

    double flops = 0;
    for (int l = 0; l < c.nLayer; ++l) {
        if (S.cancel && S.cancel->load(std::memory_order_relaxed)) throw Error("cancelled");
        const LayerWeights& w = D.layers[sz(l)];
        float scale = 1.0f / std::sqrt(static_cast<float>(hd));
        if (c.scaleAttnByInverseLayerIdx) scale /= static_cast<float>(l + 1);

        forRows(T, C, [&](int b, int e) {
            for (int t = b; t < e; ++t)
                kernels::layerNorm(X + sz(t) * sz(C), S.xn.data() + sz(t) * sz(C), w.ln1W, w.ln1B,
                                   C, c.layerNormEps);
        });
        kernels::linearPacked(S.xn.data(), T, w.qkvW, w.qkvB, S.qkv.data());
        // Append keys and values to the cache.
        float* Kl = S.keys(l);
        float* Vl = S.values(l);
        for (int t = 0; t < T; ++t) {
            const float* row = S.qkv.data() + sz(t) * sz(3 * C);
            for (int h = 0; h < H; ++h) {
                std::memcpy(Kl + (sz(h) * cap + sz(p0 + t)) * sz(hd), row + C + h * hd,
                            sz(hd) * 4);
                std::memcpy(Vl + (sz(h) * cap + sz(p0 + t)) * sz(hd), row + 2 * C + h * hd,
                            sz(hd) * 4);
            }
        }
        const int nth = kernels::threads();
        S.scores.ensure(sz(nth) * sz(T) * sz(L));
        auto headRange = [&](int hb, int he, float* Sc) {
            for (int h = hb; h < he; ++h) {
                const float* Kh = Kl + sz(h) * cap * sz(hd);
                const float* Vh = Vl + sz(h) * cap * sz(hd);
                if (T == 1) {
                    const float* q = S.qkv.data() + h * hd;
                    for (int j = 0; j < L; ++j)
                        Sc[j] = kernels::dot(q, Kh + sz(j) * sz(hd), hd) * scale;
                    kernels::softmax(Sc, L);
                    float* o = S.att.data() + h * hd;
                    std::memset(o, 0, sz(hd) * 4);
                    for (int j = 0; j < L; ++j) kernels::axpy(Sc[j], Vh + sz(j) * sz(hd), o, hd);
                } else {
                    // Blocks of queries, each against only the keys it may see: the masked
                    // upper triangle is never computed (half the work of a fresh prompt).
                    constexpr int kQueryBlock = 32;
                    for (int q0 = 0; q0 < T; q0 += kQueryBlock) {
                        const int t1 = std::min(T, q0 + kQueryBlock), keys = p0 + t1;
                        float* Sb = Sc + sz(q0) * sz(L);
                        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, t1 - q0, keys, hd,
                                    scale, S.qkv.data() + sz(q0) * sz(3 * C) + sz(h * hd), 3 * C,
                                    Kh, hd, 0.0f, Sb, L);
                        for (int t = q0; t < t1; ++t) {
                            float* row = Sc + sz(t) * sz(L);
                            const int n = p0 + t + 1;
                            kernels::softmax(row, n);
                            std::fill(row + n, row + keys, 0.0f);
                        }
                        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, t1 - q0, hd, keys,
                                    1.0f, Sb, L, Vh, hd, 0.0f,
                                    S.att.data() + sz(q0) * sz(C) + sz(h * hd), C);
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
        if (nth == 1 || static_cast<long long>(T) * L * C < 16384) {
            headRange(0, H, S.scores.data());
        } else {
            kernels::parallel([&](int th, int n) {
                int hb, he;
                kernels::chunk(H, th, n, 1, hb, he);
                headRange(hb, he, S.scores.data() + sz(th) * sz(T) * sz(L));
            });
        }
        kernels::linearPacked(S.att.data(), T, w.projW, w.projB, S.tmp.data());
        forRows(T, C, [&](int b, int e) {
            for (int t = b; t < e; ++t) {
                float* x = X + sz(t) * sz(C);
                const float* add = S.tmp.data() + sz(t) * sz(C);
                for (int i = 0; i < C; ++i) x[i] += add[i];
                kernels::layerNorm(x, S.xn.data() + sz(t) * sz(C), w.ln2W, w.ln2B, C,
                                   c.layerNormEps);
            }
        });
        kernels::linearPacked(S.xn.data(), T, w.fcW, w.fcB, S.hidden.data());
        forRows(T, I, [&](int b, int e) {
            kernels::activate(S.hidden.data() + sz(b) * sz(I), sz(e - b) * sz(I), c.activation);
        });
        kernels::linearPacked(S.hidden.data(), T, w.fc2W, w.fc2B, S.tmp.data());
        for (std::size_t i = 0; i < sz(T) * sz(C); ++i) X[i] += S.tmp[i];
        if (options.residuals) tr.residuals.emplace_back(lastRow, lastRow + C);

        flops += 2.0 * T * (3.0 * C * C + 1.0 * C * C + 2.0 * C * I);
        for (int t = 0; t < T; ++t) flops += 4.0 * (p0 + t + 1) * C;
    }
    if (S.cancel && S.cancel->load(std::memory_order_relaxed)) throw Error("cancelled");

    // Final norm and LM head.
    tr.logits.resize(sz(V));
    if (options.allLogits && T > 1) {
        for (int t = 0; t < T; ++t)
            kernels::layerNorm(X + sz(t) * sz(C), S.xn.data() + sz(t) * sz(C), D.lnfW, D.lnfB, C,
                               c.layerNormEps);
        S.logitsScratch.ensure(sz(T) * sz(V));
        kernels::linearPacked(S.xn.data(), T, D.lmHead, nullptr, S.logitsScratch.data());
        tr.allLogits.resize(sz(T));
        for (int t = 0; t < T; ++t)
            tr.allLogits[sz(t)].assign(S.logitsScratch.data() + sz(t) * sz(V),
                                       S.logitsScratch.data() + sz(t + 1) * sz(V));
        tr.logits = tr.allLogits.back();
        flops += 2.0 * T * V * C;
    } else {
        kernels::layerNorm(lastRow, S.xn.data(), D.lnfW, D.lnfB, C, c.layerNormEps);
        kernels::linearPacked(S.xn.data(), 1, D.lmHead, nullptr, tr.logits.data());
        if (options.allLogits) tr.allLogits.push_back(tr.logits);
        flops += 2.0 * V * C;
    }

    // Commit.
    S.pos = L;
    S.tokens.insert(S.tokens.end(), tokens.begin(), tokens.end());

    tr.cost.flops = flops;
    tr.cost.weightBytes = static_cast<double>(D.streamedPerToken) +
                          static_cast<double>(sz(V) * sz(C) * 4) + 2.0 * T * C * 4;
    tr.cost.kvCacheBytes = static_cast<double>(kvCacheBytes());
    tr.cost.contextLength = S.pos;
    tr.cost.wallMs = std::chrono::duration<double, std::milli>(clock::now() - t0).count();
    return tr;
}

}  // namespace ts
