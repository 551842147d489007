#pragma once
// A session's KV cache and scratch space.
#include <atomic>
#include <memory>
#include <vector>

#include "model_data.hpp"
#include "tokenscope/model.hpp"

namespace ts {

struct SessionState {
    std::shared_ptr<const Model> model;
    const ModelData* d = nullptr;
    int pos = 0;              // tokens in the cache
    std::vector<int> tokens;  // the tokens in the cache
    int cap = 0;              // positions the cache can hold before it grows
    // Per layer, [head][position][headDim]: one head's keys are contiguous, so a decode
    // step's attention streams them with unit stride.
    std::vector<FloatBuffer> k, v;
    const std::atomic<bool>* cancel = nullptr;

    // Scratch, grown as needed and reused between calls.
    std::vector<float> x, xn, qkv, att, tmp, hidden, scores, logitsScratch;

    void ensureCapacity(int needed);
};

}  // namespace ts
