// The servers' logprob answers, read with simdjson's on-demand parser: a full-vocabulary
// llama-server answer is about 10 MB for 150k entries (each with "id", "token", "bytes" and
// "logprob"), which nlohmann reads in about 200 ms and this in a few. Every number is checked
// before it is used: NaN, infinite or positive logprobs, ids outside the vocabulary and
// repeated ids are errors naming the field.
#include "remote/remote_parse.hpp"

#include <simdjson.h>

#include <cmath>
#include <limits>

#include "tokenscope/error.hpp"
#include "tokenscope/remote.hpp"

namespace ts::remote {

namespace ond = simdjson::ondemand;

namespace {

// One parser per thread, reused: its buffers grow to the largest answer once.
ond::parser& parser() {
    thread_local ond::parser p;
    return p;
}

Error bad(const std::string& where, const std::string& what) {
    return Error("the server's answer is not usable: " + where + " " + what);
}

class Collector {
  public:
    Collector(int nVocab, std::string where) : m_nVocab(nVocab), m_where(std::move(where)) {
        m_seen.assign(static_cast<std::size_t>(std::max(0, nVocab)), 0);
    }
    void add(std::int64_t id, double logprob) {
        if (id < 0 || id >= m_nVocab)
            throw bad(m_where, "names token id " + std::to_string(id) +
                                   ", outside the vocabulary of " + std::to_string(m_nVocab) +
                                   " (a server for another model, or a wrong --vocab-size?)");
        if (!std::isfinite(logprob))
            throw bad(m_where, "gives token " + std::to_string(id) +
                                   " a logprob that is not a "
                                   "finite number");
        if (logprob > 1e-4)
            throw bad(m_where, "gives token " + std::to_string(id) + " the logprob " +
                                   std::to_string(logprob) + ", above 0 (a probability over 1)");
        auto& seen = m_seen[static_cast<std::size_t>(id)];
        if (seen) throw bad(m_where, "lists token " + std::to_string(id) + " twice");
        seen = 1;
        // llama-server writes the lowest float for a probability of exactly 0.
        const float lp = logprob < -1e30 ? -std::numeric_limits<float>::infinity()
                                         : static_cast<float>(std::min(0.0, logprob));
        m_d.entries.emplace_back(static_cast<int>(id), lp);
        if (lp > -std::numeric_limits<float>::infinity()) m_sum += std::exp(logprob);
    }
    Distribution finish() {
        if (m_d.entries.empty()) throw bad(m_where, "lists no tokens");
        if (m_sum > 1.0 + 1e-3)
            throw bad(m_where,
                      "gives probabilities that sum to " + std::to_string(m_sum) + ", over 1");
        m_d.tailMass = static_cast<int>(m_d.entries.size()) >= m_nVocab
                           ? 0.0
                           : std::clamp(1.0 - m_sum, 0.0, 1.0);
        return std::move(m_d);
    }
    Distribution& d() { return m_d; }

  private:
    int m_nVocab;
    std::string m_where;
    std::vector<char> m_seen;
    Distribution m_d;
    double m_sum = 0;
};

std::int64_t idFromKey(std::string_view key, const std::string& where) {
    // vLLM with return_tokens_as_token_ids: "token_id:123"; prompt_logprobs: "123".
    constexpr std::string_view prefix = "token_id:";
    if (key.substr(0, prefix.size()) == prefix) key.remove_prefix(prefix.size());
    if (key.empty() || key.size() > 10) throw bad(where, "has a token key that is not an id");
    std::int64_t v = 0;
    for (char c : key) {
        if (c < '0' || c > '9') throw bad(where, "has a token key that is not an id");
        v = v * 10 + (c - '0');
    }
    return v;
}

double number(ond::value v) {
    // NaN and Infinity are not JSON; simdjson refuses them, as it refuses 1e999.
    return v.get_double();
}

template <typename F>
auto guarded(const std::string& where, F&& f) {
    try {
        return f();
    } catch (const simdjson::simdjson_error& e) {
        throw bad(where, std::string("is not valid JSON of the expected shape (") + e.what() +
                             "; a NaN or infinite logprob is not a JSON number either)");
    }
}

// llama-server's entry: {"id", "token", "bytes", "logprob"} in any order.
void llamaEntries(ond::array entries, Collector& c, bool withBytes) {
    for (ond::object e : entries) {
        std::int64_t id = -1;
        double lp = std::numeric_limits<double>::quiet_NaN();
        std::string bytes;
        bool hasId = false, hasLp = false;
        for (auto field : e) {
            const std::string_view key = field.unescaped_key();
            if (key == "id") {
                id = field.value().get_int64();
                hasId = true;
            } else if (key == "logprob") {
                lp = number(field.value());
                hasLp = true;
            } else if (withBytes && key == "bytes") {
                for (std::int64_t b : field.value().get_array()) {
                    if (b < 0 || b > 255) throw bad("completion_probabilities", "has a byte >255");
                    bytes.push_back(static_cast<char>(b));
                }
            }
        }
        if (!hasId || !hasLp)
            throw bad("completion_probabilities[0].top_logprobs",
                      "has an entry without \"id\" "
                      "or \"logprob\"");
        c.add(id, lp);
        if (withBytes) c.d().bytes.push_back(std::move(bytes));
    }
}

}  // namespace

Distribution parseLlamaCompletion(std::string_view body, int nVocab, bool withBytes) {
    const std::string where = "completion_probabilities[0].top_logprobs";
    return guarded(where, [&] {
        simdjson::padded_string padded(body);
        ond::document doc = parser().iterate(padded);
        Collector c(nVocab, where);
        bool found = false;
        for (auto field : doc.get_object()) {
            if (std::string_view(field.unescaped_key()) != "completion_probabilities") continue;
            for (ond::object step : field.value().get_array()) {
                for (auto f : step) {
                    if (std::string_view(f.unescaped_key()) != "top_logprobs") continue;
                    llamaEntries(f.value().get_array(), c, withBytes);
                    found = true;
                }
                break;  // the first generated token's distribution
            }
        }
        if (!found)
            throw bad(where,
                      "is missing (the server did not return n_probs: is it llama.cpp's "
                      "llama-server, started without --no-... logprobs limits?)");
        return c.finish();
    });
}

Distribution parseVllmCompletion(std::string_view body, int nVocab) {
    const std::string where = "choices[0].logprobs.top_logprobs[0]";
    return guarded(where, [&] {
        simdjson::padded_string padded(body);
        ond::document doc = parser().iterate(padded);
        Collector c(nVocab, where);
        bool found = false;
        for (ond::object choice : doc["choices"].get_array()) {
            ond::object logprobs = choice["logprobs"].get_object();
            for (ond::object top : logprobs["top_logprobs"].get_array()) {
                for (auto field : top) {
                    const std::int64_t id = idFromKey(field.unescaped_key(), where);
                    c.add(id, number(field.value()));
                }
                found = true;
                break;
            }
            break;
        }
        if (!found) throw bad(where, "is missing");
        return c.finish();
    });
}

Distribution parseSglangGenerate(std::string_view body, int nVocab) {
    const std::string where = "meta_info.output_top_logprobs[0]";
    return guarded(where, [&] {
        simdjson::padded_string padded(body);
        ond::document doc = parser().iterate(padded);
        Collector c(nVocab, where);
        bool found = false;
        ond::object meta = doc["meta_info"].get_object();
        for (ond::array top : meta["output_top_logprobs"].get_array()) {
            for (ond::array e : top) {
                // [logprob, id, text-or-null]
                auto it = e.begin();
                const double lp = number(*it);
                ++it;
                const std::int64_t id = (*it).get_int64();
                c.add(id, lp);
            }
            found = true;
            break;
        }
        if (!found) throw bad(where, "is missing");
        return c.finish();
    });
}

PromptScores parseVllmPromptLogprobs(std::string_view body, std::span<const int> ids, int nVocab) {
    const std::string where = "choices[0].prompt_logprobs";
    return guarded(where, [&] {
        simdjson::padded_string padded(body);
        ond::document doc = parser().iterate(padded);
        PromptScores s;
        s.path = "prompt_logprobs (one request)";
        s.requests = 1;
        for (ond::object choice : doc["choices"].get_array()) {
            std::size_t i = 0;
            for (ond::value pos : choice["prompt_logprobs"].get_array()) {
                if (i >= ids.size()) throw bad(where, "has more positions than the prompt");
                if (pos.is_null()) {
                    if (i != 0) throw bad(where, "has no entry for position " + std::to_string(i));
                    s.logprob.push_back(std::nan(""));
                    s.logits.emplace_back();
                    s.tailMass.push_back(0);
                    ++i;
                    continue;
                }
                Collector c(nVocab, where + "[" + std::to_string(i) + "]");
                for (auto field : pos.get_object()) {
                    const std::int64_t id = idFromKey(field.unescaped_key(), where);
                    c.add(id, number(field.value()["logprob"]));
                }
                Distribution d = c.finish();
                double target = std::nan("");
                for (const auto& [id, lp] : d.entries)
                    if (id == ids[i]) target = lp;
                if (std::isnan(target))
                    throw bad(where, "has no logprob for the prompt's token at position " +
                                         std::to_string(i));
                s.logprob.push_back(target);
                s.logits.push_back(logitsOf(d, nVocab));
                s.tailMass.push_back(d.tailMass);
                ++i;
            }
            if (i != ids.size()) throw bad(where, "has fewer positions than the prompt");
            return s;
        }
        throw bad(where, "is missing (the server did not honour prompt_logprobs)");
    });
}

PromptScores parseSglangPromptLogprobs(std::string_view body, std::span<const int> ids,
                                       int nVocab) {
    const std::string where = "meta_info.input_top_logprobs";
    return guarded(where, [&] {
        simdjson::padded_string padded(body);
        ond::document doc = parser().iterate(padded);
        PromptScores s;
        s.path = "logprob_start_len 0 (one request)";
        s.requests = 1;
        ond::object meta = doc["meta_info"].get_object();
        std::vector<double> tokenLp;
        for (ond::array e : meta["input_token_logprobs"].get_array()) {
            auto it = e.begin();
            ond::value v = *it;
            tokenLp.push_back(v.is_null() ? std::nan("") : number(v));
            ++it;
            const std::int64_t id = (*it).get_int64();
            const std::size_t i = tokenLp.size() - 1;
            if (i >= ids.size() || id != ids[i])
                throw bad("meta_info.input_token_logprobs",
                          "does not list the prompt's tokens in order");
            if (i > 0 && (!std::isfinite(tokenLp[i]) || tokenLp[i] > 1e-4))
                throw bad("meta_info.input_token_logprobs",
                          "gives a logprob that is not a finite number at or below 0");
        }
        if (tokenLp.size() != ids.size())
            throw bad("meta_info.input_token_logprobs", "does not cover the prompt");
        std::size_t i = 0;
        for (ond::value pos : meta["input_top_logprobs"].get_array()) {
            if (i >= ids.size()) throw bad(where, "has more positions than the prompt");
            if (pos.is_null() || i == 0) {
                s.logits.emplace_back();
                s.tailMass.push_back(0);
                ++i;
                continue;
            }
            Collector c(nVocab, where + "[" + std::to_string(i) + "]");
            for (ond::array e : pos.get_array()) {
                auto it = e.begin();
                const double lp = number(*it);
                ++it;
                c.add((*it).get_int64(), lp);
            }
            Distribution d = c.finish();
            s.logits.push_back(logitsOf(d, nVocab));
            s.tailMass.push_back(d.tailMass);
            ++i;
        }
        s.logits.resize(ids.size());
        s.tailMass.resize(ids.size(), 0);
        s.logprob = std::move(tokenLp);
        return s;
    });
}

std::vector<float> logitsOf(const Distribution& d, int nVocab) {
    std::vector<float> logits(static_cast<std::size_t>(nVocab),
                              -std::numeric_limits<float>::infinity());
    for (const auto& [id, lp] : d.entries) logits[static_cast<std::size_t>(id)] = lp;
    return logits;
}

}  // namespace ts::remote
