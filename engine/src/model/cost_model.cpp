// The FLOP count of a forward pass from the configuration alone, so a long experiment can be
// timed before it runs (measured FLOPs per second x the FLOPs it will need). It counts what
// Session::prefill counts in its trace (forward.cpp): the projections, the attention scores
// and mixing over the visible keys, and the head at the last position; a test keeps the two
// equal.
#include "tokenscope/config.hpp"

namespace ts {

double forwardFlops(const Config& c, int tokens, int startPosition) {
    const double C = c.nEmbd, I = c.nInner, V = c.nVocab, Q = c.qDim(), KV = c.kvDim();
    const double QKV = Q + 2 * KV, F = c.gatedMlp ? 2 * I : I;
    const double T = tokens, p0 = startPosition;
    // sum over t < T of (p0 + t + 1): the keys each query sees
    const double keys = T * p0 + T * (T + 1) / 2;
    const double perLayer = 2.0 * T * (QKV * C + C * Q + F * C + C * I) + 4.0 * keys * Q;
    return c.nLayer * perLayer + 2.0 * V * C;
}

}  // namespace ts
