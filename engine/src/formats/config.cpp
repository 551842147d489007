// Parses a Hugging Face config.json into a Config: GPT-2 with its own field names
// (n_embd, n_positions...), and the Llama family (llama, mistral, qwen2, qwen3) with
// theirs (hidden_size, num_key_value_heads, rope_theta...). Every field the forward pass
// depends on is read here with the checkpoint's defaults, and any value it does not
// implement (another rope type, a quantization scheme, partial rotary...) is refused by
// name, so a model is never run with settings silently ignored.
#include "tokenscope/config.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>

#include "io/json_file.hpp"
#include "tokenscope/error.hpp"

namespace ts {
namespace {

using nlohmann::json;

const char* kSupported =
    "Tokenscope supports gpt2, llama, mistral, qwen2, qwen3, exaone4, gemma3_text, gemma3 (its "
    "text model), exaone, granite, hyperclovax and smollm3";

[[noreturn]] void fail(const std::string& where, const std::string& what) {
    throw Error(where + ": " + what);
}

const char* typeName(const json& v) { return v.type_name(); }

bool present(const json& j, const char* field) {
    auto it = j.find(field);
    return it != j.end() && !it->is_null();
}

int positiveIntValue(const json& v, const char* field, const std::string& where) {
    if (!v.is_number_integer()) {
        // Accept floats that hold an exact integer (some tools write 768.0).
        if (v.is_number_float()) {
            const double d = v.get<double>();
            if (d == static_cast<double>(static_cast<long long>(d)) && d > 0 &&
                d <= std::numeric_limits<int>::max())
                return static_cast<int>(d);
        }
        fail(where, std::string("field '") + field + "' must be an integer, found " + typeName(v) +
                        " " + jsonShown(v));
    }
    const long long n = v.get<long long>();
    if (n <= 0)
        fail(where,
             std::string("field '") + field + "' must be positive, found " + std::to_string(n));
    if (n > std::numeric_limits<int>::max())
        fail(where, std::string("field '") + field + "' is too large: " + std::to_string(n));
    return static_cast<int>(n);
}

int requiredPositiveInt(const json& j, const char* field, const std::string& where) {
    auto it = j.find(field);
    if (it == j.end()) fail(where, std::string("missing required field '") + field + "'");
    return positiveIntValue(*it, field, where);
}

// Absent or null gives `fallback`.
int optionalPositiveInt(const json& j, const char* field, int fallback, const std::string& where) {
    return present(j, field) ? positiveIntValue(j.at(field), field, where) : fallback;
}

double numberValue(const json& v, const char* field, const std::string& where) {
    if (!v.is_number())
        fail(where, std::string("field '") + field + "' must be a number, found " + typeName(v) +
                        " " + jsonShown(v));
    return v.get<double>();
}

double optionalNumber(const json& j, const char* field, double fallback, const std::string& where) {
    return present(j, field) ? numberValue(j.at(field), field, where) : fallback;
}

bool optionalBool(const json& j, const char* field, bool fallback, const std::string& where) {
    if (!present(j, field)) return fallback;
    const json& v = j.at(field);
    if (!v.is_boolean())
        fail(where, std::string("field '") + field + "' must be a boolean, found " + typeName(v) +
                        " " + jsonShown(v));
    return v.get<bool>();
}

int tokenIdValue(const json& v, const char* field, const std::string& where) {
    if (!v.is_number_integer())
        fail(where, std::string("field '") + field + "' must hold integers, found " + jsonShown(v));
    const long long n = v.get<long long>();
    if (n < 0 || n > std::numeric_limits<int>::max())
        fail(where, std::string("field '") + field + "' is out of range: " + jsonShown(v));
    return static_cast<int>(n);
}

// A token id given as an integer, a list of integers or null.
std::vector<int> tokenIds(const json& j, const char* field, const std::string& where) {
    std::vector<int> ids;
    auto it = j.find(field);
    if (it == j.end() || it->is_null()) return ids;
    if (it->is_array()) {
        for (const json& v : *it) ids.push_back(tokenIdValue(v, field, where));
        return ids;
    }
    if (!it->is_number_integer())
        fail(where, std::string("field '") + field +
                        "' must be an integer, a list or null, found " + typeName(*it) + " " +
                        jsonShown(*it));
    ids.push_back(tokenIdValue(*it, field, where));
    return ids;
}

double epsilon(const json& j, const char* field, double fallback, const std::string& where) {
    const double eps = optionalNumber(j, field, fallback, where);
    if (!(eps > 0) || eps > 1)
        fail(where,
             std::string("field '") + field + "' must be in (0, 1], found " + std::to_string(eps));
    return eps;
}

Activation activationNamed(const std::string& a, const char* field, const std::string& where) {
    if (a == "gelu_new" || a == "gelu_pytorch_tanh" || a == "gelu_fast")
        return Activation::GeluTanh;
    if (a == "gelu") return Activation::GeluExact;
    if (a == "relu") return Activation::Relu;
    if (a == "silu" || a == "swish") return Activation::Silu;
    fail(where, std::string("unsupported ") + field + " '" + a +
                    "' (supported: gelu_new, gelu_pytorch_tanh, gelu, relu, silu)");
}

// The `rope_type` / `type` inside rope_scaling or rope_parameters; the block may also carry
// rope_theta (transformers 5 moved it there).
void readRope(const json& block, const char* blockName, Config& c, const std::string& where) {
    if (!block.is_object())
        fail(where, std::string("field '") + blockName + "' must be an object or null, found " +
                        typeName(block));
    if (present(block, "rope_theta"))
        c.ropeTheta = numberValue(block.at("rope_theta"), "rope_theta", where);
    std::string type = "default";
    for (const char* key : {"rope_type", "type"})
        if (present(block, key)) {
            if (!block.at(key).is_string())
                fail(where, std::string(blockName) + "." + key + " must be a string");
            type = block.at(key).get<std::string>();
            break;
        }
    const std::string prefix = std::string(blockName) + ".";
    auto number = [&](const char* f, double fallback) {
        return present(block, f) ? numberValue(block.at(f), (prefix + f).c_str(), where) : fallback;
    };
    if (type == "default") {
        c.ropeScaling = {};
    } else if (type == "linear") {
        c.ropeScaling.type = RopeScaling::Type::Linear;
        c.ropeScaling.factor = number("factor", 1.0);
    } else if (type == "llama3") {
        c.ropeScaling.type = RopeScaling::Type::Llama3;
        c.ropeScaling.factor = number("factor", 8.0);
        c.ropeScaling.lowFreqFactor = number("low_freq_factor", 1.0);
        c.ropeScaling.highFreqFactor = number("high_freq_factor", 4.0);
        c.ropeScaling.originalContext =
            optionalPositiveInt(block, "original_max_position_embeddings", 8192, where);
        if (!(c.ropeScaling.highFreqFactor > c.ropeScaling.lowFreqFactor))
            fail(where, prefix + "high_freq_factor must be larger than low_freq_factor");
    } else {
        fail(where, "unsupported " + prefix + "rope_type '" + type +
                        "' (supported: default, linear, llama3)");
    }
    if (!(c.ropeScaling.factor > 0) || !std::isfinite(c.ropeScaling.factor))
        fail(where, prefix + "factor must be positive");
    if (present(block, "partial_rotary_factor") &&
        numberValue(block.at("partial_rotary_factor"), "partial_rotary_factor", where) != 1.0)
        fail(where, "unsupported " + prefix + "partial_rotary_factor (only 1.0, a full rotation)");
}

void parseGpt2(const json& j, Config& c, const std::string& where) {
    c.nVocab = requiredPositiveInt(j, "vocab_size", where);
    c.nCtx = requiredPositiveInt(j, "n_positions", where);
    c.nEmbd = requiredPositiveInt(j, "n_embd", where);
    c.nHead = requiredPositiveInt(j, "n_head", where);
    c.nLayer = requiredPositiveInt(j, "n_layer", where);
    // transformers' default is 4 * n_embd, which overflows an int from n_embd = 2^29 on.
    const std::int64_t defaultInner = 4 * static_cast<std::int64_t>(c.nEmbd);
    if (!present(j, "n_inner") && defaultInner > std::numeric_limits<int>::max())
        fail(where, "n_embd " + std::to_string(c.nEmbd) + " is too large: the MLP width n_inner " +
                        "(4 x n_embd when absent) would be " + std::to_string(defaultInner));
    c.nInner = optionalPositiveInt(j, "n_inner", static_cast<int>(defaultInner), where);
    c.layerNormEps = static_cast<float>(epsilon(j, "layer_norm_epsilon", 1e-5, where));
    if (present(j, "activation_function")) {
        const json& a = j.at("activation_function");
        if (!a.is_string())
            fail(where,
                 std::string("field 'activation_function' must be a string, found ") + typeName(a));
        c.activation = activationNamed(a.get<std::string>(), "activation_function", where);
        if (c.activation == Activation::Silu)
            fail(where, "unsupported activation_function '" + a.get<std::string>() +
                            "' for gpt2 (supported: gelu_new, gelu_pytorch_tanh, gelu, relu)");
    }
    c.scaleAttnByInverseLayerIdx = optionalBool(j, "scale_attn_by_inverse_layer_idx", false, where);
    // GPT-2 always scales by 1/sqrt(head_dim); a checkpoint that turns it off is a different
    // model than the one we compute. (reorder_and_upcast_attn is numerically irrelevant: we
    // compute attention in fp32 anyway.)
    if (!optionalBool(j, "scale_attn_weights", true, where))
        fail(where, "scale_attn_weights=false is not supported");
    // GPT-2's switches are the defaults; its head is tied unless the file brings one.
}

void parseLlamaFamily(const json& j, Config& c, const std::string& where) {
    const std::string& t = c.modelType;
    c.nVocab = requiredPositiveInt(j, "vocab_size", where);
    c.nEmbd = requiredPositiveInt(j, "hidden_size", where);
    c.nHead = requiredPositiveInt(j, "num_attention_heads", where);
    c.nLayer = requiredPositiveInt(j, "num_hidden_layers", where);
    c.nInner = requiredPositiveInt(j, "intermediate_size", where);
    c.nKvHead = optionalPositiveInt(j, "num_key_value_heads", c.nHead, where);
    c.headDimension = optionalPositiveInt(j, "head_dim", 0, where);
    // transformers' defaults per family, for configs that leave the field out
    const int defaultCtx = t == "llama" ? 2048 : t == "mistral" ? 4096 * 32 : 32768;
    c.nCtx = optionalPositiveInt(j, "max_position_embeddings", defaultCtx, where);
    c.layerNormEps = static_cast<float>(epsilon(j, "rms_norm_eps", 1e-6, where));
    c.norm = NormKind::RmsNorm;
    c.positions = PositionKind::Rope;
    c.gatedMlp = true;
    c.activation = Activation::Silu;
    if (present(j, "hidden_act")) {
        const json& a = j.at("hidden_act");
        if (!a.is_string())
            fail(where, std::string("field 'hidden_act' must be a string, found ") + typeName(a));
        c.activation = activationNamed(a.get<std::string>(), "hidden_act", where);
    }
    const bool attentionBias = optionalBool(j, "attention_bias", false, where);
    if (t == "qwen2") {  // Qwen2 always has q/k/v biases and none on o_proj
        c.qkvBias = true;
        c.outBias = false;
    } else {
        c.qkvBias = c.outBias = attentionBias;
    }
    c.mlpBias = optionalBool(j, "mlp_bias", false, where);
    c.qkNorm = t == "qwen3";
    c.tiedEmbeddings = optionalBool(j, "tie_word_embeddings", false, where);

    c.ropeTheta = optionalNumber(j, "rope_theta", 10000.0, where);
    if (present(j, "rope_parameters"))
        readRope(j.at("rope_parameters"), "rope_parameters", c, where);
    if (present(j, "rope_scaling")) readRope(j.at("rope_scaling"), "rope_scaling", c, where);
    if (!(c.ropeTheta > 0) || !std::isfinite(c.ropeTheta))
        fail(where, "field 'rope_theta' must be positive, found " + std::to_string(c.ropeTheta));
    if (present(j, "partial_rotary_factor") &&
        numberValue(j.at("partial_rotary_factor"), "partial_rotary_factor", where) != 1.0)
        fail(where, "unsupported partial_rotary_factor (only 1.0, a full rotation)");

    // A sliding window only changes attention past its length; within it, full attention
    // is exact, so the context stops at the window instead.
    const bool slides = t == "mistral" ? present(j, "sliding_window")
                                       : optionalBool(j, "use_sliding_window", false, where) &&
                                             present(j, "sliding_window");
    if (slides)
        c.nCtx =
            std::min(c.nCtx, positiveIntValue(j.at("sliding_window"), "sliding_window", where));

    if (present(j, "quantization_config"))
        fail(where,
             "field 'quantization_config' is present: quantized safetensors checkpoints "
             "(GPTQ, AWQ, bitsandbytes...) are not supported; use the F16/BF16 checkpoint "
             "or a GGUF file");
    if (optionalNumber(j, "pretraining_tp", 1, where) < 1)
        fail(where, "field 'pretraining_tp' must be at least 1");
    // pretraining_tp > 1 only splits the same products into slices: numerically the same model.
}

// Which layers slide: layer_types when the config lists them, else a period (every
// `period`-th layer global, the rest local) or a string of L (local) and G (global).
std::vector<std::uint8_t> slidingLayers(const json& j, int nLayer, const json* pattern,
                                        int defaultPeriod, const std::string& where) {
    std::vector<std::uint8_t> v(static_cast<std::size_t>(nLayer), 0);
    if (present(j, "layer_types")) {
        const json& t = j.at("layer_types");
        if (!t.is_array() || t.size() != static_cast<std::size_t>(nLayer))
            fail(where, "field 'layer_types' must list one type per layer (" +
                            std::to_string(nLayer) + ")");
        for (std::size_t i = 0; i < t.size(); ++i) {
            const std::string s = t[i].is_string() ? t[i].get<std::string>() : "";
            if (s == "sliding_attention")
                v[i] = 1;
            else if (s != "full_attention")
                fail(where, "layer_types[" + std::to_string(i) + "] is " + jsonShown(t[i]) +
                                " (supported: sliding_attention, full_attention)");
        }
        return v;
    }
    int period = defaultPeriod;
    if (pattern && !pattern->is_null()) {
        if (pattern->is_string()) {
            const std::string s = pattern->get<std::string>();
            if (s.empty() || s.find_first_not_of("LG") != std::string::npos)
                fail(where,
                     "field 'sliding_window_pattern' must be made of L and G, found '" + s + "'");
            for (int i = 0; i < nLayer; ++i)
                v[static_cast<std::size_t>(i)] = s[static_cast<std::size_t>(i) % s.size()] == 'L';
            return v;
        }
        period = positiveIntValue(*pattern, "sliding_window_pattern", where);
    }
    for (int i = 0; i < nLayer; ++i) v[static_cast<std::size_t>(i)] = (i + 1) % period != 0;
    return v;
}

// rope_parameters keyed by layer type (transformers 5: {"full_attention": {...},
// "sliding_attention": {...}}): the global block into the config, the local base returned.
bool readRopePerLayerType(const json& j, Config& c, double& localTheta, const std::string& where) {
    if (!present(j, "rope_parameters")) return false;
    const json& rp = j.at("rope_parameters");
    if (!rp.is_object() || !(rp.contains("full_attention") || rp.contains("sliding_attention")))
        return false;
    if (present(rp, "full_attention"))
        readRope(rp.at("full_attention"), "rope_parameters.full_attention", c, where);
    if (present(rp, "sliding_attention")) {
        Config local;
        local.ropeTheta = localTheta;
        readRope(rp.at("sliding_attention"), "rope_parameters.sliding_attention", local, where);
        if (local.ropeScaling.type != RopeScaling::Type::None)
            fail(where,
                 "rope_parameters.sliding_attention: only the default rope is supported "
                 "for the sliding layers");
        localTheta = local.ropeTheta;
    }
    return true;
}

// EXAONE 4.0 (transformers models/exaone4): Llama's projections with per-head q/k RMSNorm, no
// input norms, an RMSNorm on each sublayer's output, and (32B) sliding-window layers with RoPE
// next to global layers without it.
void parseExaone4(const json& j, Config& c, const std::string& where) {
    parseLlamaFamily(j, c, where);
    if (!present(j, "max_position_embeddings")) c.nCtx = 2048;
    if (!present(j, "rms_norm_eps")) c.layerNormEps = 1e-5f;
    c.qkNorm = true;
    c.preNorms = false;
    c.postNorms = true;
    // Exaone4Config: sliding_window defaults to 4096 and sliding_window_pattern to 4 when the
    // keys are absent; a null sliding_window means no sliding layers and RoPE everywhere.
    const bool keyAbsent = !j.contains("sliding_window");
    if (!keyAbsent && j.at("sliding_window").is_null()) return;
    c.slidingWindow =
        keyAbsent ? 4096 : positiveIntValue(j.at("sliding_window"), "sliding_window", where);
    const json* pattern =
        j.contains("sliding_window_pattern") ? &j.at("sliding_window_pattern") : nullptr;
    if (pattern && pattern->is_null() && !present(j, "layer_types"))
        fail(where,
             "sliding_window is set but sliding_window_pattern is null and there are no "
             "layer_types: which layers slide is undefined");
    c.layerSliding = slidingLayers(j, c.nLayer, pattern, 4, where);
    // "We use global NoPE for hybrid attention": with a sliding window, only the sliding
    // layers rotate (modeling_exaone4: sliding_window is None or is_sliding).
    c.layerNoRope.assign(c.layerSliding.size(), 0);
    for (std::size_t i = 0; i < c.layerSliding.size(); ++i) c.layerNoRope[i] = !c.layerSliding[i];
}

// EXAONE 3.5 / EXAONE Deep (model_type exaone, LG's remote code ExaoneForCausalLM): Llama's
// computation under GPT-2-style key names.
void parseExaone(const json& j, Config& c, const std::string& where) {
    json k = j;
    const std::pair<const char*, const char*> renamed[] = {{"num_layers", "num_hidden_layers"},
                                                           {"layer_norm_epsilon", "rms_norm_eps"},
                                                           {"activation_function", "hidden_act"}};
    for (const auto& [from, to] : renamed)
        if (j.contains(from)) k[to] = j.at(from);
    if (!k.contains("num_hidden_layers")) fail(where, "missing required field 'num_layers'");
    if (!k.contains("rms_norm_eps")) k["rms_norm_eps"] = 1e-5;
    if (!k.contains("tie_word_embeddings")) k["tie_word_embeddings"] = true;  // ExaoneConfig
    parseLlamaFamily(k, c, where);
}

// Granite (divides the logits by logits_scaling) and HyperCLOVA X (multiplies them, and by
// default norms each sublayer's output: use_post_norm): Llama with the four μP scalars.
void parseMuP(const json& j, Config& c, const std::string& where) {
    parseLlamaFamily(j, c, where);
    const bool granite = c.modelType == "granite";
    c.embeddingMultiplier = optionalNumber(j, "embedding_multiplier", 1.0, where);
    c.residualMultiplier = optionalNumber(j, "residual_multiplier", 1.0, where);
    c.attentionScale = optionalNumber(j, "attention_multiplier",
                                      granite ? 1.0 : 1.0 / std::sqrt(c.headDim()), where);
    const double ls = optionalNumber(j, "logits_scaling", 1.0, where);
    if (!(ls > 0) || !(c.attentionScale > 0))
        fail(where, "logits_scaling and attention_multiplier must be positive");
    c.logitMultiplier = granite ? 1.0 / ls : ls;
    if (!granite) c.postNorms = optionalBool(j, "use_post_norm", true, where);
}

// SmolLM3: Llama where the layers listed 0 in no_rope_layers turn without RoPE (by default
// every fourth: no_rope_layer_interval).
void parseSmolLm3(const json& j, Config& c, const std::string& where) {
    parseLlamaFamily(j, c, where);
    c.layerNoRope.assign(static_cast<std::size_t>(c.nLayer), 0);
    if (present(j, "no_rope_layers")) {
        const json& v = j.at("no_rope_layers");
        if (!v.is_array() || v.size() != static_cast<std::size_t>(c.nLayer))
            fail(where, "field 'no_rope_layers' must list one 0 or 1 per layer (" +
                            std::to_string(c.nLayer) + ")");
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (!v[i].is_number_integer() ||
                (v[i].get<long long>() != 0 && v[i].get<long long>() != 1))
                fail(where, "no_rope_layers[" + std::to_string(i) + "] must be 0 or 1");
            c.layerNoRope[i] = v[i].get<long long>() == 0;
        }
    } else {
        const int every = optionalPositiveInt(j, "no_rope_layer_interval", 4, where);
        for (int i = 0; i < c.nLayer; ++i)
            c.layerNoRope[static_cast<std::size_t>(i)] = (i + 1) % every == 0;
    }
}

// Gemma 3's text model (gemma3_text; gemma3 reads its text_config).
void parseGemma3(const json& j, Config& c, const std::string& where) {
    c.nVocab = optionalPositiveInt(j, "vocab_size", 262208, where);
    c.nEmbd = requiredPositiveInt(j, "hidden_size", where);
    c.nHead = optionalPositiveInt(j, "num_attention_heads", 8, where);
    c.nLayer = requiredPositiveInt(j, "num_hidden_layers", where);
    c.nInner = requiredPositiveInt(j, "intermediate_size", where);
    c.nKvHead = optionalPositiveInt(j, "num_key_value_heads", 4, where);
    c.headDimension = optionalPositiveInt(j, "head_dim", 256, where);
    c.nCtx = optionalPositiveInt(j, "max_position_embeddings", 131072, where);
    c.layerNormEps = static_cast<float>(epsilon(j, "rms_norm_eps", 1e-6, where));
    c.norm = NormKind::RmsNorm;
    c.positions = PositionKind::Rope;
    c.gatedMlp = true;
    c.activation = Activation::GeluTanh;
    for (const char* key : {"hidden_activation", "hidden_act"})
        if (present(j, key)) {
            if (!j.at(key).is_string())
                fail(where, std::string("field '") + key + "' must be a string");
            c.activation = activationNamed(j.at(key).get<std::string>(), key, where);
            break;
        }
    c.qkvBias = c.outBias = optionalBool(j, "attention_bias", false, where);
    c.mlpBias = false;
    c.qkNorm = true;
    c.preNorms = c.postNorms = true;
    c.normAddsOne = true;
    c.tiedEmbeddings = optionalBool(j, "tie_word_embeddings", true, where);
    // sqrt(hidden_size); the loader rounds it to the embedding's type as transformers does.
    c.embeddingMultiplier = std::sqrt(static_cast<double>(c.nEmbd));
    const double qpas = optionalNumber(j, "query_pre_attn_scalar", 256, where);
    if (!(qpas > 0)) fail(where, "field 'query_pre_attn_scalar' must be positive");
    c.attentionScale = 1.0 / std::sqrt(qpas);
    c.attnSoftcap = optionalNumber(j, "attn_logit_softcapping", 0, where);
    c.finalSoftcap = optionalNumber(j, "final_logit_softcapping", 0, where);
    if (c.attnSoftcap < 0 || c.finalSoftcap < 0)
        fail(where, "soft-caps (attn_logit_softcapping, final_logit_softcapping) must be positive");

    c.ropeTheta = optionalNumber(j, "rope_theta", 1000000.0, where);
    double local = optionalNumber(j, "rope_local_base_freq", 10000.0, where);
    if (!readRopePerLayerType(j, c, local, where)) {
        if (present(j, "rope_parameters"))
            readRope(j.at("rope_parameters"), "rope_parameters", c, where);
        if (present(j, "rope_scaling")) readRope(j.at("rope_scaling"), "rope_scaling", c, where);
    }
    if (!(c.ropeTheta > 0) || !std::isfinite(c.ropeTheta) || !(local > 0) || !std::isfinite(local))
        fail(where, "rope_theta and rope_local_base_freq must be positive");
    c.ropeLocalTheta = local;
    c.slidingWindow = optionalPositiveInt(j, "sliding_window", 4096, where);
    const json* pattern =
        j.contains("sliding_window_pattern") ? &j.at("sliding_window_pattern") : nullptr;
    c.layerSliding = slidingLayers(j, c.nLayer, pattern, 6, where);
    if (present(j, "quantization_config"))
        fail(where,
             "field 'quantization_config' is present: quantized safetensors checkpoints "
             "are not supported; use the BF16 checkpoint or a GGUF file");
}
}  // namespace

Config Config::fromJsonFile(const std::filesystem::path& path) {
    const std::string where = path.string();
    std::error_code ec;
    if (std::filesystem::is_regular_file(path, ec) &&
        std::filesystem::file_size(path, ec) > kMaxSmallJsonBytes)
        fail(where, "the file is larger than " + std::to_string(kMaxSmallJsonBytes >> 20) +
                        " MiB; a config.json is a few kilobytes");
    std::ifstream in(path, std::ios::binary);
    if (!in) fail(where, "cannot open the file (does the folder have a config.json?)");
    std::ostringstream ss;
    ss << in.rdbuf();
    if (in.bad()) fail(where, "cannot read the file");
    return fromJsonText(ss.str(), where);
}

Config Config::fromJsonText(const std::string& text, const std::string& where) {
    checkJsonDepth(text, where);
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
        if (it == j.end())
            fail(where,
                 "missing required field 'model_type' (expected \"gpt2\", \"llama\", "
                 "\"mistral\", \"qwen2\" or \"qwen3\")");
        if (!it->is_string())
            fail(where, std::string("field 'model_type' must be a string, found ") + typeName(*it));
        c.modelType = it->get<std::string>();
    }
    const std::string type = c.modelType;
    if (type == "gpt2") {
        parseGpt2(j, c, where);
    } else if (type == "llama" || type == "mistral" || type == "qwen2" || type == "qwen3") {
        parseLlamaFamily(j, c, where);
        if (type == "mistral") c.modelType = "llama";  // the same computation
    } else if (type == "exaone4") {
        parseExaone4(j, c, where);
    } else if (type == "exaone") {
        parseExaone(j, c, where);
    } else if (type == "granite" || type == "hyperclovax") {
        parseMuP(j, c, where);
    } else if (type == "smollm3") {
        parseSmolLm3(j, c, where);
    } else if (type == "gemma3_text") {
        c.modelType = "gemma3";
        parseGemma3(j, c, where);
    } else if (type == "gemma3") {
        // Gemma3ForConditionalGeneration: the text model under text_config (the vision tower's
        // weights are left aside).
        if (!present(j, "text_config") || !j.at("text_config").is_object())
            fail(where, "model_type 'gemma3' without a text_config object");
        parseGemma3(j.at("text_config"), c, where + " (text_config)");
    } else if (present(j, "auto_map")) {
        // Kanana-2 and other checkpoints that ship their own modeling code (trust_remote_code)
        fail(where, "model_type '" + type +
                        "' needs the checkpoint's own Python code (config.json has an auto_map "
                        "for trust_remote_code), which Tokenscope does not run and does not "
                        "implement; " +
                        kSupported);
    } else {
        fail(where, "unsupported model_type '" + type + "' in " + where + "; " + kSupported);
    }
    // Heads other than a causal language model's (classification, rewards) are other models.
    if (present(j, "architectures")) {
        const json& arch = j.at("architectures");
        if (arch.is_array() && !arch.empty()) {
            bool causal = false;
            std::string names;
            for (const json& a : arch) {
                if (!a.is_string()) continue;
                const std::string s = a.get<std::string>();
                names += (names.empty() ? "" : ", ") + s;
                causal = causal || s.ends_with("ForCausalLM") || s == "GPT2LMHeadModel" ||
                         s == "GPT2Model" ||
                         (type == "gemma3" && s == "Gemma3ForConditionalGeneration");
            }
            if (!causal)
                fail(where, "unsupported architectures [" + names +
                                "]: Tokenscope runs causal language models (…ForCausalLM, "
                                "GPT2LMHeadModel)");
        }
    }
    // gemma3 keeps its token ids beside or inside text_config
    const json& ids = type == "gemma3" && !present(j, "eos_token_id") ? j.at("text_config") : j;
    const auto bos = tokenIds(ids, "bos_token_id", where);
    c.bosTokenId = bos.empty() ? -1 : bos.front();
    c.eosTokenIds = tokenIds(ids, "eos_token_id", where);
    c.eosTokenId = c.eosTokenIds.empty() ? -1 : c.eosTokenIds.front();
    c.validate(where);
    return c;
}

void Config::validate(const std::string& where) const {
    static const char* const kTypes[] = {"gpt2",   "llama",  "qwen2",   "qwen3",       "exaone4",
                                         "gemma3", "exaone", "granite", "hyperclovax", "smollm3"};
    if (std::find(std::begin(kTypes), std::end(kTypes), modelType) == std::end(kTypes))
        fail(where, "unsupported model_type '" + modelType + "' in " + where + "; " + kSupported);
    for (const auto* v : {&layerSliding, &layerNoRope})
        if (!v->empty() && v->size() != static_cast<std::size_t>(nLayer))
            fail(where, "the per-layer attention types list " + std::to_string(v->size()) +
                            " layers, the model has " + std::to_string(nLayer));
    if (slidingWindow < 0) fail(where, "field 'sliding_window' must be positive");
    for (double v : {embeddingMultiplier, residualMultiplier, logitMultiplier})
        if (!std::isfinite(v) || v == 0)
            fail(where,
                 "the embedding, residual and logit multipliers must be finite and non-zero");
    if (!std::isfinite(attentionScale) || attentionScale < 0 || !std::isfinite(attnSoftcap) ||
        !std::isfinite(finalSoftcap))
        fail(where, "the attention scale and the soft-caps must be finite and not negative");
    const bool gpt2 = isGpt2();
    auto positive = [&](int v, const char* gptField, const char* hfField) {
        if (v <= 0)
            fail(where, std::string("field '") + (gpt2 ? gptField : hfField) +
                            "' must be positive, found " + std::to_string(v));
    };
    positive(nVocab, "vocab_size", "vocab_size");
    positive(nCtx, "n_positions", "max_position_embeddings");
    positive(nEmbd, "n_embd", "hidden_size");
    positive(nHead, "n_head", "num_attention_heads");
    positive(nLayer, "n_layer", "num_hidden_layers");
    positive(nInner, "n_inner", "intermediate_size");
    if (headDimension == 0 && nEmbd % nHead != 0)
        fail(where, std::string(gpt2 ? "n_embd (" : "hidden_size (") + std::to_string(nEmbd) +
                        ") is not divisible by " + (gpt2 ? "n_head (" : "num_attention_heads (") +
                        std::to_string(nHead) + ")");
    if (headDimension < 0) fail(where, "field 'head_dim' must be positive");
    // Every product below in 64 bits: the fields are ints from the file, and their int
    // products (qDim(), kvDim()) overflow long before the sizes are refused.
    const std::int64_t q = static_cast<std::int64_t>(nHead) * headDim();
    const std::int64_t kv = static_cast<std::int64_t>(kvHeads()) * headDim();
    const std::int64_t big = std::int64_t{1} << 31;
    const std::int64_t gated = gatedMlp ? 2 : 1;
    if (q >= (1LL << 24) || kv >= (1LL << 24) ||
        static_cast<std::int64_t>(nVocab) * nEmbd >= big * 8 ||
        gated * nInner * static_cast<std::int64_t>(nEmbd) >= big ||
        static_cast<std::int64_t>(nCtx) * nEmbd >= big || (q + 2 * kv) * nEmbd >= big)
        fail(where, "model dimensions are too large for this engine (" +
                        std::string(gpt2 ? "n_embd " : "hidden_size ") + std::to_string(nEmbd) +
                        ", " + (gpt2 ? "n_inner " : "intermediate_size ") + std::to_string(nInner) +
                        ", " + std::to_string(nHead) + " heads of " + std::to_string(headDim()) +
                        ", vocabulary " + std::to_string(nVocab) + ", context " +
                        std::to_string(nCtx) + ")");
    if (nKvHead < 0 || (nKvHead > 0 && nHead % nKvHead != 0))
        fail(where, "num_attention_heads (" + std::to_string(nHead) +
                        ") is not a multiple of num_key_value_heads (" + std::to_string(nKvHead) +
                        ")");
    if (gpt2 && (nKvHead != 0 && nKvHead != nHead))
        fail(where, "gpt2 has no grouped-query attention");
    if (positions == PositionKind::Rope && headDim() % 2 != 0)
        fail(where, "head_dim " + std::to_string(headDim()) + " is odd: RoPE rotates pairs");
    if (!(layerNormEps > 0))
        fail(where, std::string("field '") + (gpt2 ? "layer_norm_epsilon" : "rms_norm_eps") +
                        "' must be positive");
    // bos/eos ids may lie outside a small test vocabulary (the tiny fixtures keep GPT-2's
    // 50256); consumers check them against the vocabulary before use.
}

}  // namespace ts
