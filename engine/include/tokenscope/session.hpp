#pragma once
// A conversation with the model: owns the KV cache and scratch buffers. Not thread-safe;
// one thread owns a session at a time (in the app, the engine worker).
#include <atomic>
#include <memory>
#include <span>
#include <vector>

#include "tokenscope/model.hpp"
#include "tokenscope/trace.hpp"

namespace ts {

struct SessionState;  // KV cache and scratch; defined in engine/src/model/session_state.hpp

class Session {
  public:
    explicit Session(std::shared_ptr<const Model> model);
    ~Session();
    Session(Session&&) noexcept;
    Session& operator=(Session&&) noexcept;

    // Runs the tokens through the model in one batched pass (matrix-matrix), appending to
    // the cache. Throws ts::Error if a token id is out of range or the context would
    // overflow (the engine stops at n_ctx, it does not slide the window).
    StepTrace prefill(std::span<const int> tokens, const TraceOptions& options = {});
    // One token, matrix-vector products: the autoregressive step.
    StepTrace step(int token, const TraceOptions& options = {});

    void reset();
    // Rewinds to the first n tokens (n <= position()): cheap, for scrubbing back and
    // branching from an earlier step.
    void truncate(int n);
    // An independent copy sharing the model, with a copy of the used part of the cache.
    Session fork() const;

    int position() const;                    // tokens in the cache
    const std::vector<int>& tokens() const;  // the tokens in the cache
    const Model& model() const;
    std::shared_ptr<const Model> modelPtr() const;
    std::size_t kvCacheBytes() const;  // bytes of the cache in use

    // Polled between layers; when set, the call throws ts::Cancelled (a ts::Error) and the
    // session is left as it was before the call.
    void setCancelFlag(const std::atomic<bool>* cancel);

  private:
    Session() = default;
    std::unique_ptr<SessionState> m_state;
};

}  // namespace ts
