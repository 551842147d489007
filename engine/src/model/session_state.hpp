#pragma once
// A session's KV cache and scratch space.
#include <atomic>
#include <memory>
#include <vector>

#include "model/model_data.hpp"
#include "tokenscope/model.hpp"

namespace ts {

struct SessionState {
    std::shared_ptr<const Model> model;
    const ModelData* d = nullptr;
    int pos = 0;              // tokens in the cache
    std::vector<int> tokens;  // the tokens in the cache
    int cap = 0;              // positions the cache can hold before it grows
    // One buffer, [layer][keys, values][kv head][position][headDim]: one head's keys are
    // contiguous, so a decode step's attention streams them with unit stride. With
    // grouped-query attention only the key/value heads are stored; query heads share them.
    FloatBuffer kv;
    const std::atomic<bool>* cancel = nullptr;

    // Scratch, grown as needed (never shrunk) and reused between calls. Shapes for a call
    // over T tokens (T = 1 for a decode step), as forward.cpp sizes them: C = n_embd,
    // Q = heads x headDim, KV = kv heads x headDim, F = the MLP's hidden width (2 x the
    // intermediate size I when gated), L = positions attended (pos + T), V = n_vocab.
    FloatBuffer x;              // [T, C] residual stream
    FloatBuffer xn;             // [T, C] normalised residual
    FloatBuffer qkv;            // [T, Q | KV | KV] queries, keys, values
    FloatBuffer att;            // [T, Q] attention output, head h at h * headDim
    FloatBuffer tmp;            // [T, C] projection output before the residual add
    FloatBuffer hidden;         // [T, F] MLP hidden (gate | up when gated)
    FloatBuffer act;            // [T, I] act(gate) * up (gated MLPs only)
    FloatBuffer scores;         // [threads, T, L] attention scores, one block per thread
    FloatBuffer logitsScratch;  // [T, V] logits of every position (TraceOptions::allLogits)
    FloatBuffer rope;           // [T, cos(headDim/2) | sin(headDim/2)] (RoPE models only)
    FloatBuffer ropeLocal;      // the same for the sliding layers' own base (Gemma 3)
    FloatBuffer part;           // [T, one split weight's outputs] (LayerWeights' kW, vW, upW)

    void ensureCapacity(int needed);
    // Copies the pos cached positions into dst (whose cap may differ).
    void copyCacheInto(SessionState& dst) const;
    // Layer l's keys / values, [kv head][cap][headDim].
    float* keys(int l) { return kv.data() + layerOffset(l); }
    float* values(int l) { return keys(l) + headsSize(); }
    const float* keys(int l) const { return kv.data() + layerOffset(l); }
    const float* values(int l) const { return keys(l) + headsSize(); }

  private:
    std::size_t headsSize() const {
        return static_cast<std::size_t>(d->config.kvHeads()) * static_cast<std::size_t>(cap) *
               static_cast<std::size_t>(d->config.headDim());
    }
    std::size_t layerOffset(int l) const { return 2 * headsSize() * static_cast<std::size_t>(l); }
};

}  // namespace ts
