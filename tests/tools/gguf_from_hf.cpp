// Writes a GGUF file from a Hugging Face folder (config.json + model.safetensors, optional
// vocab.json + merges.txt), the way llama.cpp's converter lays it out: tensor names
// token_embd / blk.N.attn_qkv / ..., weights as [out rows][in] (GPT-2's Conv1D transposed),
// dims innermost first, 1-D tensors in F32, the tokenizer in tokenizer.ggml.*. gpt2, llama,
// qwen2, qwen3, exaone4 (post_attention_norm / post_ffw_norm, no attn_norm, the window and
// per-layer flags, rope_freqs) and gemma3 (norms stored as 1 + w, the window only) convert; for
// llama the query and key rows (and biases) are permuted for llama.cpp's adjacent-pair RoPE exactly
// as convert_hf_to_gguf.py's LlamaModel.permute does, and llama3 rope scaling becomes
// rope_freqs.weight as there. The tests make their GGUF fixtures with it; quantized types come from
// llama.cpp's own quantizer (the harness, llama_harness.cpp), except Q8_0, which this tool can also
// write.
//
//   gguf_from_hf HF_DIR OUT.gguf [--type f32|f16|q8_0|mixed] [--vocab-dir DIR] [--split N]
//                [--version 2|3] [--dequantized] [--pre NAME] [--drop TENSOR] [--no-permute]
//                [--reverse]
// --dequantized (with --type q8_0 or mixed) writes F32 tensors holding the Q8_0-rounded
// values: the dequantized-weights reference the quantized file is checked against.
// --type mixed (llama family) stores one layer's projections in different types, as
// llama.cpp's Q4_K_M mix does: attn_q, attn_k, attn_output, ffn_up Q8_0; attn_v, ffn_down F16;
// ffn_gate F32 (and everything else F32).
// --pre sets tokenizer.ggml.pre (default: gpt-2 for gpt2, llama-bpe for llama, qwen2 for
// qwen2/qwen3); --drop leaves a tensor out and --no-permute writes llama's rows unpermuted
// (both for the tests that show a wrong file is caught); --reverse writes the tensors in
// reverse order, so no two projections of a layer lie back to back in the file.
// Without a vocabulary the tokenizer holds the 256 byte tokens plus unused placeholders.
// --split N writes OUT-00001-of-0000N.gguf ... instead of OUT.gguf.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "compute/quant_types.hpp"
#include "formats/safetensors.hpp"
#include "model/tensor_names.hpp"
#include "tokenizer/byte_unicode.hpp"
#include "tokenscope/config.hpp"
#include "tokenscope/error.hpp"
#include "tools/gguf_write.hpp"

namespace fs = std::filesystem;
using namespace ts_gguf_write;

namespace {

std::vector<float> toF32(const ts::st::TensorInfo& t) {
    std::vector<float> v(t.numel);
    ts::st::toFloat32(t.dtype, t.data, v.data(), t.numel);
    return v;
}

std::vector<float> transpose(const std::vector<float>& v, std::size_t rows, std::size_t cols) {
    std::vector<float> o(v.size());
    for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t c = 0; c < cols; ++c) o[c * rows + r] = v[r * cols + c];
    return o;
}

std::string q8_0(const std::vector<float>& v) {
    std::string out;
    for (std::size_t b = 0; b < v.size() / 32; ++b) {
        float amax = 0;
        for (int i = 0; i < 32; ++i)
            amax = std::max(amax, std::fabs(v[b * 32 + static_cast<std::size_t>(i)]));
        const float d = amax / 127.0f, id = d > 0 ? 1.0f / d : 0.0f;
        const std::uint16_t dh = ts::st::f32ToF16(d);
        out.append(reinterpret_cast<const char*>(&dh), 2);
        for (int i = 0; i < 32; ++i)
            out.push_back(static_cast<char>(
                static_cast<int>(std::nearbyint(v[b * 32 + static_cast<std::size_t>(i)] * id))));
    }
    return out;
}

// llama.cpp's LlamaModel.permute: within each head, rows [2][hd/2] become [hd/2][2]
// (row s * hd/2 + j moves to 2j + s), for rows of `rowLen` values (1 for a bias).
std::vector<float> permuteForAdjacentRope(const std::vector<float>& v, int heads,
                                          std::size_t rowLen) {
    const std::size_t rows = v.size() / rowLen, hd = rows / static_cast<std::size_t>(heads),
                      half = hd / 2;
    std::vector<float> o(v.size());
    for (std::size_t h = 0; h < static_cast<std::size_t>(heads); ++h)
        for (std::size_t s = 0; s < 2; ++s)
            for (std::size_t j = 0; j < half; ++j) {
                const std::size_t from = h * hd + s * half + j, to = h * hd + 2 * j + s;
                std::copy(v.begin() + static_cast<long>(from * rowLen),
                          v.begin() + static_cast<long>((from + 1) * rowLen),
                          o.begin() + static_cast<long>(to * rowLen));
            }
    return o;
}

struct Out {
    std::string name;
    std::vector<std::uint64_t> dims;
    std::uint32_t type;
    std::string data;
};

int usage() {
    std::cerr
        << "usage: gguf_from_hf HF_DIR OUT.gguf [--type f32|f16|q8_0|mixed] [--vocab-dir DIR] "
           "[--split N] [--version 2|3] [--dequantized] [--pre NAME] [--drop TENSOR] "
           "[--no-permute] [--reverse]\n";
    return 2;
}

}  // namespace

int main(int argc, char** argv) try {
    if (argc < 3) return usage();
    const fs::path in = argv[1], outPath = argv[2];
    std::string type = "f32";
    fs::path vocabDir = in;
    int split = 1;
    std::uint32_t version = 3;
    bool dequantized = false, noPermute = false, reverse = false;
    std::string pre, drop;
    for (int i = 3; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--dequantized" || a == "--no-permute" || a == "--reverse") {
            (a == "--dequantized" ? dequantized : a == "--reverse" ? reverse : noPermute) = true;
            continue;
        }
        if (i + 1 >= argc) return usage();
        if (a == "--type")
            type = argv[++i];
        else if (a == "--vocab-dir")
            vocabDir = argv[++i];
        else if (a == "--split")
            split = std::stoi(argv[++i]);
        else if (a == "--version")
            version = static_cast<std::uint32_t>(std::stoul(argv[++i]));
        else if (a == "--pre")
            pre = argv[++i];
        else if (a == "--drop")
            drop = argv[++i];
        else
            return usage();
    }
    if (type != "f32" && type != "f16" && type != "q8_0" && type != "mixed") return usage();
    const ts::Config c = ts::Config::fromJsonFile(in / "config.json");
    const std::string arch = c.modelType;
    const bool gpt2 = arch == "gpt2";
    if (type == "mixed" && gpt2) throw ts::Error("--type mixed is for the llama family");
    if (arch == "hyperclovax") throw ts::Error("llama.cpp has no hyperclovax architecture");
    if (pre.empty())
        pre = gpt2                                     ? "gpt-2"
              : arch == "llama"                        ? "llama-bpe"
              : arch == "exaone4"                      ? "exaone4"
              : arch == "exaone"                       ? "exaone"
              : arch == "granite" || arch == "smollm3" ? "llama-bpe"
              : arch == "gemma3"                       ? "gpt-2"
                                                       : "qwen2";
    const ts::st::File st = ts::st::File::open(in / "model.safetensors");
    auto get = [&](const std::string& base) -> const ts::st::TensorInfo& {
        if (auto* t = st.find("transformer." + base)) return *t;
        if (auto* t = st.find(base)) return *t;
        throw ts::Error("missing tensor " + base);
    };
    const std::uint64_t C = static_cast<std::uint64_t>(c.nEmbd),
                        V = static_cast<std::uint64_t>(c.nVocab);
    std::vector<Out> tensors;
    // A 2-D weight [out rows][in]: stored in the requested type where its rows allow
    // (--type mixed picks the type by the tensor's role).
    auto matrix = [&](const std::string& name, const std::vector<float>& rows, std::uint64_t inDim,
                      std::uint64_t outDim) {
        std::string t = type;
        if (type == "mixed") {
            auto has = [&](const char* part) { return name.find(part) != std::string::npos; };
            t = has("attn_v.") || has("ffn_down.")       ? "f16"
                : has("ffn_gate.") || has("token_embd.") ? "f32"
                                                         : "q8_0";
        }
        if (t == "f16") {
            std::string d;
            for (float x : rows) {
                const std::uint16_t h = ts::st::f32ToF16(x);
                d.append(reinterpret_cast<const char*>(&h), 2);
            }
            tensors.push_back({name, {inDim, outDim}, 1, d});
        } else if (t == "q8_0" && inDim % 32 == 0) {
            const std::string q = q8_0(rows);
            if (dequantized) {
                std::vector<float> back(rows.size());
                ts::quant::dequantizeRow(ts::quant::Type::Q8_0, q.data(), back.data(), rows.size());
                tensors.push_back({name, {inDim, outDim}, 0, floatBytes(back)});
            } else {
                tensors.push_back({name, {inDim, outDim}, 8, q});
            }
        } else {
            tensors.push_back({name, {inDim, outDim}, 0, floatBytes(rows)});
        }
    };
    auto vec = [&](const std::string& name, const std::string& hf) {
        const auto v = toF32(get(hf));
        tensors.push_back({name, {v.size()}, 0, floatBytes(v)});
    };
    if (gpt2) {
        using R = ts::TensorRole;
        // The same role's name in both schemes (the engine's one tensor table).
        auto hf = [&](R role, int l = 0) {
            return ts::tensorName(arch, ts::NameScheme::HuggingFace, role, l);
        };
        auto gg = [&](R role, int l = 0) {
            return ts::tensorName(arch, ts::NameScheme::Gguf, role, l);
        };
        // A weight and its bias, as they are.
        auto vecs = [&](R role, int l = 0) {
            vec(gg(role, l), hf(role, l));
            vec(ts::biasName(gg(role, l)), ts::biasName(hf(role, l)));
        };
        // A Conv1D weight, [in, out], transposed to [out rows][in], and its bias.
        auto conv = [&](R role, int l, std::uint64_t in, std::uint64_t out) {
            matrix(gg(role, l), transpose(toF32(get(hf(role, l))), in, out), in, out);
            vec(ts::biasName(gg(role, l)), ts::biasName(hf(role, l)));
        };
        matrix(gg(R::TokenEmbedding), toF32(get(hf(R::TokenEmbedding))), C, V);
        {
            const auto wpe = toF32(get(hf(R::PositionEmbedding)));
            tensors.push_back({gg(R::PositionEmbedding),
                               {C, static_cast<std::uint64_t>(c.nCtx)},
                               0,
                               floatBytes(wpe)});
        }
        const std::uint64_t I = static_cast<std::uint64_t>(c.nInner);
        for (int l = 0; l < c.nLayer; ++l) {
            vecs(R::AttnNorm, l);
            conv(R::Qkv, l, C, 3 * C);
            conv(R::Out, l, C, C);
            vecs(R::FfnNorm, l);
            conv(R::Up, l, C, I);
            conv(R::Down, l, I, C);
        }
        vecs(R::FinalNorm);
        if (const auto* head = st.find("lm_head.weight"))
            matrix("output.weight", toF32(*head), C, V);
    } else {
        // The llama family: Linear weights are already [out rows][in].
        auto hfGet = [&](const std::string& name) -> const ts::st::TensorInfo& {
            if (auto* t = st.find(name)) return *t;
            throw ts::Error("missing tensor " + name);
        };
        // Gemma3Model.modify_tensors: every norm weight stored as 1 + w (Gemma3RMSNorm
        // multiplies by 1 + w).
        const float normShift = c.normAddsOne ? 1.0f : 0.0f;
        auto vecHf = [&](const std::string& name, const std::string& hf) {
            auto v = toF32(hfGet(hf));
            if (name.find("norm.weight") != std::string::npos)
                for (float& x : v) x += normShift;
            tensors.push_back({name, {v.size()}, 0, floatBytes(v)});
        };
        using R = ts::TensorRole;
        std::string m = ts::defaultHfPrefix(arch);
        for (const char* pfx : {"model.language_model.", "language_model.model."})
            if (st.find(
                    ts::tensorName(arch, ts::NameScheme::HuggingFace, R::TokenEmbedding, 0, pfx)))
                m = pfx;
        const bool permute =
            (arch == "llama" || arch == "granite" || arch == "smollm3") && !noPermute;
        const int H = c.nHead, KVH = c.kvHeads();
        const std::uint64_t Q = static_cast<std::uint64_t>(c.qDim()),
                            K = static_cast<std::uint64_t>(c.kvDim()),
                            I = static_cast<std::uint64_t>(c.nInner);
        auto projection = [&](const std::string& hf, int heads) {
            auto v = toF32(hfGet(hf));
            if (permute && heads > 0)
                v = permuteForAdjacentRope(v, heads, hf.ends_with(".bias") ? 1 : C);
            return v;
        };
        // The same role's name in both schemes (the engine's one tensor table).
        auto hfName = [&](R role) {
            return ts::tensorName(arch, ts::NameScheme::HuggingFace, role, 0, m);
        };
        auto ggName = [&](R role) { return ts::tensorName(arch, ts::NameScheme::Gguf, role); };
        matrix(ggName(R::TokenEmbedding), toF32(hfGet(hfName(R::TokenEmbedding))), C, V);
        for (int l = 0; l < c.nLayer; ++l) {
            const ts::LayerTensorNames h = ts::layerTensorNames(arch, ts::NameScheme::HuggingFace,
                                                                l, m),
                                       b = ts::layerTensorNames(arch, ts::NameScheme::Gguf, l);
            if (c.preNorms) vecHf(b.attnNorm, h.attnNorm);
            matrix(b.q, projection(h.q, H), C, Q);
            matrix(b.k, projection(h.k, KVH), C, K);
            matrix(b.v, projection(h.v, 0), C, K);
            if (st.find(ts::biasName(h.q))) {
                const auto qb = projection(ts::biasName(h.q), H);
                const auto kb = projection(ts::biasName(h.k), KVH);
                tensors.push_back({ts::biasName(b.q), {Q}, 0, floatBytes(qb)});
                tensors.push_back({ts::biasName(b.k), {K}, 0, floatBytes(kb)});
                vecHf(ts::biasName(b.v), ts::biasName(h.v));
            }
            if (st.find(h.qNorm)) {
                vecHf(b.qNorm, h.qNorm);
                vecHf(b.kNorm, h.kNorm);
            }
            matrix(b.out, toF32(hfGet(h.out)), Q, C);
            if (c.postNorms) {
                vecHf(b.postAttnNorm, h.postAttnNorm);
                vecHf(b.postFfnNorm, h.postFfnNorm);
            }
            if (c.preNorms) vecHf(b.ffnNorm, h.ffnNorm);
            matrix(b.gate, toF32(hfGet(h.gate)), C, I);
            matrix(b.up, toF32(hfGet(h.up)), C, I);
            matrix(b.down, toF32(hfGet(h.down)), I, C);
        }
        vecHf(ggName(R::FinalNorm), hfName(R::FinalNorm));
        if (!c.tiedEmbeddings)
            if (const auto* head = st.find("lm_head.weight"))
                matrix("output.weight", toF32(*head), C, V);
        if (c.ropeScaling.type == ts::RopeScaling::Type::Llama3) {
            // convert_hf_to_gguf.py's LlamaModel.generate_extra_tensors: one factor per frequency
            const ts::RopeScaling& r = c.ropeScaling;
            const int hd = c.headDim();
            std::vector<float> factors;
            for (int i = 0; i < hd / 2; ++i) {
                const float freq =
                    1.0f / static_cast<float>(
                               std::pow(c.ropeTheta, static_cast<double>(static_cast<float>(2 * i) /
                                                                         static_cast<float>(hd))));
                const double wavelen = 2 * M_PI / freq, lowWl = r.originalContext / r.lowFreqFactor,
                             highWl = r.originalContext / r.highFreqFactor;
                if (wavelen < highWl)
                    factors.push_back(1.0f);
                else if (wavelen > lowWl)
                    factors.push_back(static_cast<float>(r.factor));
                else {
                    const double smooth = (r.originalContext / wavelen - r.lowFreqFactor) /
                                          (r.highFreqFactor - r.lowFreqFactor);
                    factors.push_back(static_cast<float>(1.0 / ((1 - smooth) / r.factor + smooth)));
                }
            }
            tensors.push_back({"rope_freqs.weight", {factors.size()}, 0, floatBytes(factors)});
        }
    }
    if (!drop.empty()) std::erase_if(tensors, [&](const Out& t) { return t.name == drop; });
    if (reverse) std::reverse(tensors.begin(), tensors.end());

    // Tokenizer: vocab.json + merges.txt when there are some, else bytes + placeholders.
    std::vector<std::string> tokens(V);
    std::vector<std::int32_t> types(V, 1);
    std::vector<std::string> merges;
    int eos = c.eosTokenId >= 0 && static_cast<std::uint64_t>(c.eosTokenId) < V ? c.eosTokenId : -1;
    if (fs::exists(vocabDir / "vocab.json") && fs::exists(vocabDir / "merges.txt")) {
        std::ifstream vj(vocabDir / "vocab.json");
        const auto vocab = nlohmann::json::parse(vj);
        for (auto it = vocab.begin(); it != vocab.end(); ++it) {
            const auto id = it.value().get<std::uint64_t>();
            if (id < V) tokens[id] = it.key();
        }
        std::ifstream mt(vocabDir / "merges.txt");
        for (std::string line; std::getline(mt, line);)
            if (!line.empty() && line.rfind("#version", 0) != 0) merges.push_back(line);
        for (std::uint64_t i = 0; i < V; ++i)
            if (tokens[i].empty()) {
                tokens[i] = "<|unused_" + std::to_string(i) + "|>";
                types[i] = 5;
            } else if (tokens[i] == "<|endoftext|>") {
                types[i] = 3;
                eos = static_cast<int>(i);
            }
    } else {
        for (std::uint64_t i = 0; i < V; ++i) {
            if (i < 256) {
                tokens[i] = ts::byte_unicode::encodeSymbol(std::string(1, static_cast<char>(i)));
            } else {
                tokens[i] = "<|unused_" + std::to_string(i) + "|>";
                types[i] = 5;
            }
        }
    }
    if (eos < 0) eos = 0;

    auto metadata = [&](Writer& w) {
        const std::string a = arch + ".";
        w.kvString("general.architecture", arch);
        w.kvString("general.name", in.filename().string());
        w.kvU32("general.file_type", type == "f32" || dequantized ? 0u : type == "f16" ? 1u : 7u);
        w.kvU32(a + "context_length", static_cast<std::uint32_t>(c.nCtx));
        w.kvU32(a + "embedding_length", static_cast<std::uint32_t>(c.nEmbd));
        w.kvU32(a + "feed_forward_length", static_cast<std::uint32_t>(c.nInner));
        w.kvU32(a + "block_count", static_cast<std::uint32_t>(c.nLayer));
        w.kvU32(a + "attention.head_count", static_cast<std::uint32_t>(c.nHead));
        if (gpt2) {
            w.kvF32(a + "attention.layer_norm_epsilon", c.layerNormEps);
        } else {
            w.kvU32(a + "attention.head_count_kv", static_cast<std::uint32_t>(c.kvHeads()));
            w.kvF32(a + "attention.layer_norm_rms_epsilon", c.layerNormEps);
            w.kvF32(a + "rope.freq_base", static_cast<float>(c.ropeTheta));
            if (c.headDimension > 0) {
                w.kvU32(a + "attention.key_length", static_cast<std::uint32_t>(c.headDim()));
                w.kvU32(a + "attention.value_length", static_cast<std::uint32_t>(c.headDim()));
            }
            if (arch == "exaone4") w.kvU32(a + "vocab_size", static_cast<std::uint32_t>(c.nVocab));
            if (arch == "granite") {  // GraniteModel.set_gguf_parameters
                w.kvF32(a + "attention.scale", static_cast<float>(c.attentionScale));
                w.kvF32(a + "embedding_scale", static_cast<float>(c.embeddingMultiplier));
                w.kvF32(a + "residual_scale", static_cast<float>(c.residualMultiplier));
                w.kvF32(a + "logit_scale", static_cast<float>(1.0 / c.logitMultiplier));
            }
            if (arch == "llama") {
                w.kvU32(a + "vocab_size", static_cast<std::uint32_t>(c.nVocab));
                w.kvU32(a + "rope.dimension_count", static_cast<std::uint32_t>(c.headDim()));
            }
            if (arch == "exaone4" && c.slidingWindow > 0) {
                // Exaone4Model.set_gguf_parameters: the window and one flag per layer
                w.kvU32(a + "attention.sliding_window",
                        static_cast<std::uint32_t>(c.slidingWindow));
                std::vector<std::uint8_t> flags(c.layerSliding.begin(), c.layerSliding.end());
                w.kvArray<std::uint8_t>(a + "attention.sliding_window_pattern", BOOL, flags);
            }
            if (arch == "gemma3") {
                // Gemma3Model.set_gguf_parameters: the window only (llama.cpp takes the period 6
                // and the local base 10000 as constants)
                if (c.slidingWindow > 0)
                    w.kvU32(a + "attention.sliding_window",
                            static_cast<std::uint32_t>(c.slidingWindow));
                if (c.finalSoftcap > 0)
                    w.kvF32(a + "final_logit_softcapping", static_cast<float>(c.finalSoftcap));
            }
            if (c.ropeScaling.type == ts::RopeScaling::Type::Linear) {
                w.kvString(a + "rope.scaling.type", "linear");
                w.kvF32(a + "rope.scaling.factor", static_cast<float>(c.ropeScaling.factor));
            }
        }
        w.kvString("tokenizer.ggml.model", "gpt2");
        w.kvString("tokenizer.ggml.pre", pre);
        w.kvStrings("tokenizer.ggml.tokens", tokens);
        w.kvArray<std::int32_t>("tokenizer.ggml.token_type", I32, types);
        w.kvStrings("tokenizer.ggml.merges", merges);
        const int bos = !gpt2 && c.bosTokenId >= 0 && static_cast<std::uint64_t>(c.bosTokenId) < V
                            ? c.bosTokenId
                            : eos;
        w.kvU32("tokenizer.ggml.bos_token_id", static_cast<std::uint32_t>(bos));
        w.kvU32("tokenizer.ggml.eos_token_id", static_cast<std::uint32_t>(eos));
    };
    auto write = [&](const fs::path& p, const Writer& w) {
        std::ofstream f(p, std::ios::binary);
        const std::string bytes = w.bytes();
        f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        if (!f) throw ts::Error("cannot write " + p.string());
        std::cout << "wrote " << p.string() << " (" << bytes.size() << " bytes)\n";
    };
    if (split <= 1) {
        Writer w;
        w.version = version;
        metadata(w);
        for (const auto& t : tensors) w.tensor(t.name, t.dims, t.type, t.data);
        write(outPath, w);
        return 0;
    }
    std::string stem = outPath.string();
    if (stem.size() > 5 && stem.compare(stem.size() - 5, 5, ".gguf") == 0)
        stem.resize(stem.size() - 5);
    for (int k = 0; k < split; ++k) {
        Writer w;
        w.version = version;
        if (k == 0) metadata(w);
        w.kvScalar<std::uint16_t>("split.no", U16, static_cast<std::uint16_t>(k));
        w.kvScalar<std::uint16_t>("split.count", U16, static_cast<std::uint16_t>(split));
        w.kvScalar<std::int32_t>("split.tensors.count", I32,
                                 static_cast<std::int32_t>(tensors.size()));
        for (std::size_t i = static_cast<std::size_t>(k); i < tensors.size();
             i += static_cast<std::size_t>(split))
            w.tensor(tensors[i].name, tensors[i].dims, tensors[i].type, tensors[i].data);
        char suffix[32];
        std::snprintf(suffix, sizeof suffix, "-%05d-of-%05d.gguf", k + 1, split);
        write(stem + suffix, w);
    }
    return 0;
} catch (const std::exception& e) {
    std::cerr << "gguf_from_hf: " << e.what() << "\n";
    return 1;
}
