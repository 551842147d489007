// Session: the KV cache operations and the one forward pass. The pass follows the config's
// switches (norm kind, learned or rotary positions, q/k norm, grouped-query attention, plain
// or gated MLP, biases) instead of having one implementation per architecture, and it is
// the same code for a one-token decode step and a many-token prefill, so the two agree.
#include "tokenscope/session.hpp"

#include <cblas.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>

#include "compute/for_rows.hpp"
#include "compute/kernels.hpp"
#include "compute/packed_linear.hpp"
#include "compute/rope.hpp"
#include "model/session_state.hpp"
#include "tokenscope/error.hpp"

namespace ts {

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
    grown.kv.resize(2 * sz(c.nLayer) * sz(c.kvHeads()) * sz(newCap) * hd);
    if (pos > 0) copyCacheInto(grown);
    kv = std::move(grown.kv);
    cap = newCap;
}

void SessionState::copyCacheInto(SessionState& dst) const {
    const Config& c = d->config;
    const std::size_t hd = sz(c.headDim());
    for (int l = 0; l < c.nLayer; ++l)
        for (int h = 0; h < c.kvHeads(); ++h) {
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
    return 2 * sz(c.nLayer) * sz(m_state->pos) * sz(c.kvDim()) * sizeof(float);
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

}  // namespace ts
