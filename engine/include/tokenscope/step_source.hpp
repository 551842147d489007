#pragma once
// What ts::Transcript drives: something that takes token ids and returns the next-token
// distribution, with a cache it can rewind and copy. Two kinds exist: the local model
// (LocalStepSource, over ts::Session, bit-identical to calling the Session directly) and a
// model served over HTTP (ts::remote::RemoteSession, tokenscope/remote.hpp). The loop, the
// seed policy, branching and the history budget stay in Transcript, the same for both.
#include <atomic>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "tokenscope/config.hpp"
#include "tokenscope/session.hpp"
#include "tokenscope/trace.hpp"

namespace ts {

class StepSource {
  public:
    virtual ~StepSource() = default;
    // As ts::Session: append the tokens and return the trace of the last position. A
    // remote source fills tokens, positions, logits (and allLogits if asked and offered) and
    // cost.wallMs only; see StepTrace::tailMass for a distribution given as its top K.
    virtual StepTrace prefill(std::span<const int> tokens, const TraceOptions& options) = 0;
    virtual StepTrace step(int token, const TraceOptions& options) = 0;
    virtual void reset() = 0;
    virtual void truncate(int n) = 0;
    virtual std::unique_ptr<StepSource> fork() const = 0;
    virtual int position() const = 0;
    virtual const std::vector<int>& tokens() const = 0;
    virtual void setCancelFlag(const std::atomic<bool>* cancel) = 0;
    // The figures the loop needs: nVocab, nCtx and the end tokens (eosTokenIds). A remote
    // source has modelType "remote" and no architecture.
    virtual const Config& config() const = 0;
    // The local model behind it, or null for a remote one (no weights, no internals).
    virtual std::shared_ptr<const Model> localModel() const { return nullptr; }
    // One line for transcripts and messages: the model's name, and for a remote model the
    // server's kind and URL (never credentials).
    virtual std::string describe() const { return {}; }
};

// The local model: forwards every call to a ts::Session.
class LocalStepSource final : public StepSource {
  public:
    explicit LocalStepSource(std::shared_ptr<const Model> model)
        : m_model(std::move(model)), m_session(m_model) {}
    StepTrace prefill(std::span<const int> tokens, const TraceOptions& options) override {
        return m_session.prefill(tokens, options);
    }
    StepTrace step(int token, const TraceOptions& options) override {
        return m_session.step(token, options);
    }
    void reset() override { m_session.reset(); }
    void truncate(int n) override { m_session.truncate(n); }
    std::unique_ptr<StepSource> fork() const override {
        auto copy = std::make_unique<LocalStepSource>(m_model, m_session.fork());
        return copy;
    }
    int position() const override { return m_session.position(); }
    const std::vector<int>& tokens() const override { return m_session.tokens(); }
    void setCancelFlag(const std::atomic<bool>* cancel) override {
        m_session.setCancelFlag(cancel);
    }
    const Config& config() const override { return m_model->config(); }
    std::shared_ptr<const Model> localModel() const override { return m_model; }

    LocalStepSource(std::shared_ptr<const Model> model, Session session)
        : m_model(std::move(model)), m_session(std::move(session)) {}

  private:
    std::shared_ptr<const Model> m_model;
    Session m_session;
};

}  // namespace ts
