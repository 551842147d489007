#include "tokenscope/config.hpp"

#include <fstream>
#include <limits>
#include <sstream>

#include <nlohmann/json.hpp>

#include "tokenscope/error.hpp"

namespace ts {
namespace {

using nlohmann::json;

[[noreturn]] void fail(const std::string& where, const std::string& what) {
    throw Error(where + ": " + what);
}

const char* typeName(const json& v) {
    return v.type_name();
}

int requiredPositiveInt(const json& j, const char* field, const std::string& where) {
    auto it = j.find(field);
    if (it == j.end())
        fail(where, std::string("missing required field '") + field + "'");
    if (!it->is_number_integer()) {
        // Accept floats that hold an exact integer (some tools write 768.0).
        if (it->is_number_float()) {
            const double d = it->get<double>();
            if (d == static_cast<double>(static_cast<long long>(d)) && d > 0 &&
                d <= std::numeric_limits<int>::max())
                return static_cast<int>(d);
        }
        fail(where, std::string("field '") + field + "' must be an integer, found " +
                        typeName(*it) + " " + it->dump());
    }
    const long long v = it->get<long long>();
    if (v <= 0)
        fail(where, std::string("field '") + field + "' must be positive, found " +
                        std::to_string(v));
    if (v > std::numeric_limits<int>::max())
        fail(where, std::string("field '") + field + "' is too large: " + std::to_string(v));
    return static_cast<int>(v);
}

// Optional integer token id: absent or null gives -1.
int optionalTokenId(const json& j, const char* field, const std::string& where) {
    auto it = j.find(field);
    if (it == j.end() || it->is_null()) return -1;
    if (it->is_array()) {
        // Some configs list several eos ids; take the first.
        if (it->empty()) return -1;
        if (!(*it)[0].is_number_integer())
            fail(where, std::string("field '") + field + "' must hold integers, found " +
                            it->dump());
        const long long first = (*it)[0].get<long long>();
        if (first < 0 || first > std::numeric_limits<int>::max())
            fail(where, std::string("field '") + field + "' is out of range: " + it->dump());
        return static_cast<int>(first);
    }
    if (!it->is_number_integer())
        fail(where, std::string("field '") + field + "' must be an integer or null, found " +
                        typeName(*it) + " " + it->dump());
    const long long v = it->get<long long>();
    if (v < 0 || v > std::numeric_limits<int>::max())
        fail(where, std::string("field '") + field + "' is out of range: " + std::to_string(v));
    return static_cast<int>(v);
}

}  // namespace

Config Config::fromJsonFile(const std::filesystem::path& path) {
    const std::string where = path.string();
    std::ifstream in(path, std::ios::binary);
    if (!in) fail(where, "cannot open the file (does the folder have a config.json?)");
    std::ostringstream ss;
    ss << in.rdbuf();
    if (in.bad()) fail(where, "cannot read the file");
    return fromJsonText(ss.str(), where);
}

Config Config::fromJsonText(const std::string& text, const std::string& where) {
    json j;
    try {
        j = json::parse(text);
    } catch (const json::exception& e) {  // parse_error, and out_of_range for 1e400
        fail(where, std::string("not valid JSON: ") + e.what());
    }
    if (!j.is_object()) fail(where, std::string("expected a JSON object, found ") + typeName(j));

    Config c;
    {
        auto it = j.find("model_type");
        if (it == j.end()) fail(where, "missing required field 'model_type' (expected \"gpt2\")");
        if (!it->is_string())
            fail(where, std::string("field 'model_type' must be a string, found ") +
                            typeName(*it));
        c.modelType = it->get<std::string>();
        if (c.modelType != "gpt2")
            fail(where, "unsupported model_type '" + c.modelType + "' in " + where +
                            "; Tokenscope supports gpt2");
    }
    c.nVocab = requiredPositiveInt(j, "vocab_size", where);
    c.nCtx = requiredPositiveInt(j, "n_positions", where);
    c.nEmbd = requiredPositiveInt(j, "n_embd", where);
    c.nHead = requiredPositiveInt(j, "n_head", where);
    c.nLayer = requiredPositiveInt(j, "n_layer", where);
    {
        auto it = j.find("n_inner");
        if (it == j.end() || it->is_null())
            c.nInner = 4 * c.nEmbd;
        else
            c.nInner = requiredPositiveInt(j, "n_inner", where);
    }
    {
        auto it = j.find("layer_norm_epsilon");
        if (it != j.end() && !it->is_null()) {
            if (!it->is_number())
                fail(where, std::string("field 'layer_norm_epsilon' must be a number, found ") +
                                typeName(*it) + " " + it->dump());
            const double eps = it->get<double>();
            if (!(eps > 0) || eps > 1)
                fail(where, "field 'layer_norm_epsilon' must be in (0, 1], found " + it->dump());
            c.layerNormEps = static_cast<float>(eps);
        }
    }
    {
        auto it = j.find("activation_function");
        if (it != j.end() && !it->is_null()) {
            if (!it->is_string())
                fail(where, std::string("field 'activation_function' must be a string, found ") +
                                typeName(*it));
            const std::string a = it->get<std::string>();
            if (a == "gelu_new" || a == "gelu_pytorch_tanh" || a == "gelu_fast")
                c.activation = Activation::GeluTanh;
            else if (a == "gelu")
                c.activation = Activation::GeluExact;
            else if (a == "relu")
                c.activation = Activation::Relu;
            else
                fail(where, "unsupported activation_function '" + a +
                                "' (supported: gelu_new, gelu_pytorch_tanh, gelu, relu)");
        }
    }
    {
        auto it = j.find("scale_attn_by_inverse_layer_idx");
        if (it != j.end() && !it->is_null()) {
            if (!it->is_boolean())
                fail(where,
                     std::string("field 'scale_attn_by_inverse_layer_idx' must be a boolean, "
                                 "found ") + typeName(*it));
            c.scaleAttnByInverseLayerIdx = it->get<bool>();
        }
    }
    {
        // GPT-2 always scales by 1/sqrt(head_dim); a checkpoint that turns it off is a
        // different model than the one we compute.
        auto it = j.find("scale_attn_weights");
        if (it != j.end() && it->is_boolean() && !it->get<bool>())
            fail(where, "scale_attn_weights=false is not supported");
        auto r = j.find("reorder_and_upcast_attn");
        (void)r;  // numerically irrelevant: we compute attention in fp32 anyway
    }
    c.bosTokenId = optionalTokenId(j, "bos_token_id", where);
    c.eosTokenId = optionalTokenId(j, "eos_token_id", where);
    c.validate(where);
    return c;
}

void Config::validate(const std::string& where) const {
    if (modelType != "gpt2")
        fail(where, "unsupported model_type '" + modelType + "' in " + where +
                        "; Tokenscope supports gpt2");
    auto positive = [&](int v, const char* field) {
        if (v <= 0)
            fail(where, std::string("field '") + field + "' must be positive, found " +
                            std::to_string(v));
    };
    positive(nVocab, "vocab_size");
    positive(nCtx, "n_positions");
    positive(nEmbd, "n_embd");
    positive(nHead, "n_head");
    positive(nLayer, "n_layer");
    positive(nInner, "n_inner");
    if (nEmbd % nHead != 0)
        fail(where, "n_embd (" + std::to_string(nEmbd) + ") is not divisible by n_head (" +
                        std::to_string(nHead) + ")");
    if (!(layerNormEps > 0))
        fail(where, "field 'layer_norm_epsilon' must be positive");
    // Guard against sizes whose products overflow our index arithmetic.
    const long long big = 1LL << 31;
    if (static_cast<long long>(nVocab) * nEmbd >= big * 8 ||
        static_cast<long long>(nInner) * nEmbd >= big || static_cast<long long>(nCtx) * nEmbd >= big)
        fail(where, "model dimensions are too large for this engine");
    // bos/eos ids may lie outside a small test vocabulary (the tiny fixtures keep GPT-2's
    // 50256); consumers check them against the vocabulary before use.
}

}  // namespace ts
