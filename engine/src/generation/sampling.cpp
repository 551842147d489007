#include "tokenscope/sampling.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <string>

#include "tokenscope/error.hpp"

namespace ts {

void SamplingParams::validate() const {
    if (!std::isfinite(temperature) || temperature < 0.0f)
        throw Error("temperature must be a finite number >= 0 (0 = greedy), got " +
                    std::to_string(temperature));
    if (topK < 0) throw Error("top-k must be >= 0 (0 = off), got " + std::to_string(topK));
    if (!std::isfinite(topP) || topP <= 0.0f || topP > 1.0f)
        throw Error("top-p must be in (0, 1] (1 = off), got " + std::to_string(topP));
}

namespace {
std::uint64_t splitmix64(std::uint64_t& x) {
    std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
}  // namespace

Rng::Rng(std::uint64_t seed) {
    for (auto& s : m_s) s = splitmix64(seed);
}

std::uint64_t Rng::next() {
    const std::uint64_t result = rotl(m_s[1] * 5, 7) * 9;
    const std::uint64_t t = m_s[1] << 17;
    m_s[2] ^= m_s[0];
    m_s[3] ^= m_s[1];
    m_s[1] ^= m_s[2];
    m_s[0] ^= m_s[3];
    m_s[2] ^= t;
    m_s[3] = rotl(m_s[3], 45);
    return result;
}

double Rng::uniform() {
    // 53 random bits -> [0, 1) exactly representable doubles
    return static_cast<double>(next() >> 11) * 0x1.0p-53;
}

float logSumExp(std::span<const float> logits) {
    if (logits.empty()) return -INFINITY;
    const float m = *std::max_element(logits.begin(), logits.end());
    if (!std::isfinite(m)) return m;
    double sum = 0.0;
    for (float l : logits) sum += std::exp(static_cast<double>(l) - m);
    return m + static_cast<float>(std::log(sum));
}

int argmax(std::span<const float> logits) {
    if (logits.empty()) throw Error("argmax of an empty logit vector");
    // first maximum: ties go to the lower id, like torch.argmax
    return static_cast<int>(std::max_element(logits.begin(), logits.end()) - logits.begin());
}

std::vector<float> softmax(std::span<const float> logits, float temperature) {
    std::vector<float> probs(logits.size(), 0.0f);
    if (logits.empty()) return probs;
    if (temperature <= 0.0f) {
        probs[static_cast<std::size_t>(argmax(logits))] = 1.0f;
        return probs;
    }
    const float m = *std::max_element(logits.begin(), logits.end());
    const double invT = 1.0 / static_cast<double>(temperature);
    double sum = 0.0;
    for (std::size_t i = 0; i < logits.size(); ++i) {
        const double e = std::exp((static_cast<double>(logits[i]) - m) * invT);
        probs[i] = static_cast<float>(e);
        sum += e;
    }
    const double inv = 1.0 / sum;
    for (auto& p : probs) p = static_cast<float>(p * inv);
    return probs;
}

namespace {

// A key whose unsigned order is the descending order of the values (negative ones too:
// topCandidates also orders logits): IEEE bits with the sign flipped order as the values
// for positives, all bits flipped for negatives; the complement puts the largest first.
std::uint32_t descendingKey(float v) {
    if (v == 0.0f) v = 0.0f;  // -0 equals +0 (ties go by id)
    std::uint32_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    const std::uint32_t ascending = (bits & 0x80000000u) ? ~bits : (bits | 0x80000000u);
    return ~ascending;
}

}  // namespace

std::vector<int> orderByProbability(std::span<const float> probs, std::size_t needed) {
    const std::size_t n = probs.size();
    needed = std::min(needed, n);
    std::vector<int> order;
    if (needed == 0) return order;
    if (needed <= 256) {
        // One pass keeping the best `needed`, sorted: ids come in ascending order, so a later
        // id enters only if strictly more probable (ties go to the lower id).
        order.reserve(needed + 1);
        for (std::size_t i = 0; i < n; ++i) {
            const float p = probs[i];
            if (order.size() == needed && !(p > probs[static_cast<std::size_t>(order.back())]))
                continue;
            auto at = std::upper_bound(order.begin(), order.end(), p, [&](float v, int id) {
                return v > probs[static_cast<std::size_t>(id)];
            });
            order.insert(at, static_cast<int>(i));
            if (order.size() > needed) order.pop_back();
        }
        return order;
    }
    // Stable LSD radix sort of (key, id) by the key, 11 bits a pass: ids start ascending and
    // stay so among equal keys.
    std::vector<std::uint64_t> a(n), b(n);
    for (std::size_t i = 0; i < n; ++i)
        a[i] = (static_cast<std::uint64_t>(descendingKey(probs[i])) << 32) |
               static_cast<std::uint32_t>(i);
    constexpr int kBits = 11;
    constexpr std::size_t kBuckets = std::size_t{1} << kBits;
    std::vector<std::size_t> count(kBuckets);
    for (int shift = 32; shift < 64; shift += kBits) {
        std::fill(count.begin(), count.end(), 0);
        for (std::uint64_t k : a) ++count[(k >> shift) & (kBuckets - 1)];
        std::size_t sum = 0;
        for (auto& c : count) {
            const std::size_t here = c;
            c = sum;
            sum += here;
        }
        for (std::uint64_t k : a) b[count[(k >> shift) & (kBuckets - 1)]++] = k;
        a.swap(b);
    }
    order.resize(needed);
    for (std::size_t i = 0; i < needed; ++i) order[i] = static_cast<int>(a[i] & 0xFFFFFFFFu);
    return order;
}

std::vector<int> keptByTopKTopP(std::span<const float> probs, const SamplingParams& p) {
    const bool useK = p.topK > 0 && static_cast<std::size_t>(p.topK) < probs.size();
    const bool useP = p.topP < 1.0f;
    // top-k first, then top-p over what is left (the order Hugging Face applies them).
    std::vector<int> kept =
        orderByProbability(probs, useK ? static_cast<std::size_t>(p.topK) : probs.size());
    if (useP) {
        double total = 0.0;
        for (int id : kept) total += probs[static_cast<std::size_t>(id)];
        double cumulative = 0.0;
        std::size_t n = 0;
        while (n < kept.size()) {
            cumulative += probs[static_cast<std::size_t>(kept[n])];
            ++n;
            if (cumulative >= static_cast<double>(p.topP) * total) break;
        }
        kept.resize(std::max<std::size_t>(n, 1));
    }
    return kept;
}

std::vector<float> samplingDistribution(std::span<const float> logits, const SamplingParams& p) {
    p.validate();
    std::vector<float> probs = softmax(logits, p.temperature);
    if (p.temperature <= 0.0f || probs.empty()) return probs;
    const bool useK = p.topK > 0 && static_cast<std::size_t>(p.topK) < probs.size();
    const bool useP = p.topP < 1.0f;
    if (!useK && !useP) return probs;

    const std::vector<int> kept = keptByTopKTopP(probs, p);
    std::vector<float> out(probs.size(), 0.0f);
    double sum = 0.0;
    for (int id : kept) sum += probs[static_cast<std::size_t>(id)];
    for (int id : kept)
        out[static_cast<std::size_t>(id)] =
            static_cast<float>(probs[static_cast<std::size_t>(id)] / sum);
    return out;
}

int sample(std::span<const float> logits, const SamplingParams& p, Rng& rng) {
    if (logits.empty()) throw Error("cannot sample from an empty logit vector");
    if (p.temperature <= 0.0f) {
        p.validate();
        return argmax(logits);
    }
    return sampleAt(logits, p, rng.uniform());
}

double uniformAt(std::uint64_t seed, int position) {
    // A generator per (seed, position). The position is mixed with a multiplier other than
    // the seeding's own increment (0x9E37...): with that one, neighbouring positions would
    // share three of their four state words.
    Rng rng(seed ^ (0xD1B54A32D192ED03ull * (static_cast<std::uint64_t>(position) + 1)));
    return rng.uniform();
}

int sampleAt(std::span<const float> logits, const SamplingParams& p, double u) {
    if (logits.empty()) throw Error("cannot sample from an empty logit vector");
    if (p.temperature <= 0.0f) {
        p.validate();
        return argmax(logits);
    }
    if (!(u >= 0.0 && u < 1.0)) throw Error("the uniform number of a draw must be in [0, 1)");
    const std::vector<float> dist = samplingDistribution(logits, p);
    double cumulative = 0.0;
    int last = -1;
    for (std::size_t i = 0; i < dist.size(); ++i) {
        if (dist[i] <= 0.0f) continue;
        cumulative += dist[i];
        last = static_cast<int>(i);
        if (u < cumulative) return last;
    }
    return last;  // rounding left u just above the total: the last kept token
}

double entropyBits(std::span<const float> probs) {
    double h = 0.0;
    for (float p : probs)
        if (p > 0.0f) h -= static_cast<double>(p) * std::log2(static_cast<double>(p));
    return h;
}

int rankOf(std::span<const float> logits, int token) {
    if (token < 0 || static_cast<std::size_t>(token) >= logits.size())
        throw Error("token id " + std::to_string(token) + " is outside the vocabulary of " +
                    std::to_string(logits.size()));
    const float v = logits[static_cast<std::size_t>(token)];
    int rank = 1;
    for (std::size_t i = 0; i < logits.size(); ++i) {
        if (logits[i] > v || (logits[i] == v && static_cast<int>(i) < token)) ++rank;
    }
    return rank;
}

std::vector<Candidate> topCandidates(std::span<const float> probs, int k) {
    const auto order = orderByProbability(probs, static_cast<std::size_t>(std::max(k, 0)));
    std::vector<Candidate> out;
    out.reserve(order.size());
    for (int id : order) out.push_back({id, probs[static_cast<std::size_t>(id)]});
    return out;
}

}  // namespace ts
