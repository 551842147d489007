// Model: loads a Hugging Face folder (config.json + safetensors, single or sharded) into
// ModelData through the architecture's tensor list, then answers the read-only questions the
// UI and the experiments ask (embedding rows, logit lens, sizes).
#include "tokenscope/model.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <set>

#include "compute/kernels.hpp"
#include "compute/rope.hpp"
#include "formats/safetensors.hpp"
#include "model/model_data.hpp"
#include "model/model_loader.hpp"
#include "tokenscope/error.hpp"

namespace ts {
namespace {

namespace fs = std::filesystem;

// Pickled checkpoints we refuse to open, with the reason.
[[noreturn]] void refusePickles(const fs::path& folder) {
    std::vector<std::string> pickles;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(folder, ec)) {
        const std::string ext = e.path().extension().string();
        if (ext == ".bin" || ext == ".pt" || ext == ".pth" || ext == ".ckpt" || ext == ".pkl")
            pickles.push_back(e.path().filename().string());
    }
    std::sort(pickles.begin(), pickles.end());
    const fs::path st = folder / "model.safetensors";
    if (!pickles.empty()) {
        std::string list;
        for (std::size_t i = 0; i < pickles.size(); ++i) list += (i ? ", " : "") + pickles[i];
        throw Error(
            st.string() + " not found. The folder has PyTorch pickle weights (" + list +
            "), which Tokenscope never opens: unpickling a .bin/.pt file can execute arbitrary "
            "code. Convert it to safetensors first, e.g. in Python: "
            "AutoModelForCausalLM.from_pretrained(folder).save_pretrained(folder, "
            "safe_serialization=True)");
    }
    throw Error(st.string() +
                " not found (Tokenscope loads config.json + model.safetensors, or the "
                "shards listed in model.safetensors.index.json)");
}

// What a decode step reads: every layer weight once, and the head.
std::size_t streamedBytes(const ModelData& d) {
    std::size_t n = d.lmHead.bytes();
    for (const LayerWeights& w : d.layers)
        for (const auto* p : w.streamed()) n += p->bytes();
    return n;
}

std::string storageTypes(const ModelData& d) {
    std::set<std::string> names;
    auto add = [&](const kernels::PackedWeight& w) {
        names.insert(kernels::weightTypeName(w.type));
    };
    add(d.lmHead);
    for (const LayerWeights& w : d.layers)
        for (const auto* p : w.streamed()) add(*p);
    std::string s;
    for (const auto& n : names) s += (s.empty() ? "" : "+") + n;
    return s;
}

}  // namespace

std::shared_ptr<const Model> Model::loadFolder(const fs::path& folder,
                                               const ProgressCallback& progress,
                                               const std::atomic<bool>* cancel) {
    std::error_code ec;
    if (!fs::is_directory(folder, ec))
        throw Error(folder.string() +
                    ": not a folder (expected a model folder with config.json and "
                    "model.safetensors)");
    auto d = std::make_unique<ModelData>();
    d->folder = folder;
    const fs::path cfgPath = folder / "config.json";
    if (!fs::exists(cfgPath, ec))
        throw Error(cfgPath.string() +
                    ": not found (every model folder needs "
                    "the Hugging Face config.json)");
    d->config = Config::fromJsonFile(cfgPath);
    if (!st::Checkpoint::existsIn(folder)) refusePickles(folder);

    if (progress) progress(0.0, "opening the weights");
    const st::Checkpoint ckpt = st::Checkpoint::open(folder);
    if (d->config.isGpt2())
        loadGpt2Weights(*d, ckpt, progress, cancel);
    else
        loadLlamaWeights(*d, ckpt, progress, cancel);
    if (d->config.positions == PositionKind::Rope) {
        d->ropeInvFreq = kernels::ropeInverseFrequencies(d->config);
        d->ropeInvFreqLocal = kernels::ropeLocalInverseFrequencies(d->config);
    }

    // Everything the forward pass streams now lives in packed copies; the file pages read
    // while packing leave this process's resident memory (a separate embedding table is
    // read from the mapping row by row, when a token needs it).
    for (const st::File& f : ckpt.files()) {
        auto m = f.mapping();
        if (m->size() > 0)
            ::madvise(const_cast<std::uint8_t*>(m->data()), m->size(), MADV_DONTNEED);
        d->mappings.push_back(std::move(m));
    }
    d->streamedPerToken = streamedBytes(*d);
    d->storageTypes = storageTypes(*d);
    if (progress) progress(1.0, "loaded");
    return std::make_shared<Model>(std::move(d));
}

void finishLogits(const Config& c, float* logits, std::size_t n) {
    if (c.logitMultiplier != 1.0) {
        const float m = static_cast<float>(c.logitMultiplier);
        for (std::size_t i = 0; i < n; ++i) logits[i] *= m;
    }
    if (c.finalSoftcap > 0) {
        const float cap = static_cast<float>(c.finalSoftcap);
        for (std::size_t i = 0; i < n; ++i) logits[i] = cap * std::tanh(logits[i] / cap);
    }
}

Model::Model(std::unique_ptr<ModelData> data) : m_data(std::move(data)) {}
Model::~Model() = default;

const Config& Model::config() const { return m_data->config; }

std::vector<float> Model::tokenEmbedding(int token) const {
    const Config& c = m_data->config;
    if (token < 0 || token >= c.nVocab)
        throw Error("token id " + std::to_string(token) + " is out of range (vocabulary size " +
                    std::to_string(c.nVocab) + ")");
    std::vector<float> v(static_cast<std::size_t>(c.nEmbd));
    m_data->embedding.row(token, v.data());
    return v;
}

std::vector<float> Model::positionEmbedding(int position) const {
    const Config& c = m_data->config;
    if (position < 0 || position >= c.nCtx)
        throw Error("position " + std::to_string(position) + " is out of range (context length " +
                    std::to_string(c.nCtx) + ")");
    if (!m_data->wpe) return std::vector<float>(static_cast<std::size_t>(c.nEmbd), 0.0f);
    const float* p =
        m_data->wpe + static_cast<std::size_t>(position) * static_cast<std::size_t>(c.nEmbd);
    return {p, p + c.nEmbd};
}

bool Model::hasPositionEmbeddings() const { return m_data->wpe != nullptr; }

std::vector<float> Model::embeddingDots(std::span<const float> v) const {
    const Config& c = m_data->config;
    if (v.size() != static_cast<std::size_t>(c.nEmbd))
        throw Error("embeddingDots: vector has " + std::to_string(v.size()) + " values, expected " +
                    std::to_string(c.nEmbd));
    std::vector<float> out(static_cast<std::size_t>(c.nVocab));
    if (!m_data->embedding.rows &&
        m_data->embedding.packed == &m_data->lmHead) {  // tied: the packed head
        kernels::linearPacked(v.data(), 1, m_data->lmHead, nullptr, out.data());
        return out;
    }
    std::vector<float> row(static_cast<std::size_t>(c.nEmbd));
    for (int t = 0; t < c.nVocab; ++t) {
        m_data->embedding.row(t, row.data());
        out[static_cast<std::size_t>(t)] = kernels::dot(row.data(), v.data(), c.nEmbd);
    }
    return out;
}

const std::vector<float>& Model::embeddingNorms() const {
    std::call_once(m_data->embeddingNormsOnce, [&] {
        const Config& c = m_data->config;
        std::vector<float> norms(static_cast<std::size_t>(c.nVocab));
        std::vector<float> row(static_cast<std::size_t>(c.nEmbd));
        for (int t = 0; t < c.nVocab; ++t) {
            m_data->embedding.row(t, row.data());
            double s = 0;
            for (float x : row) s += static_cast<double>(x) * x;
            norms[static_cast<std::size_t>(t)] = static_cast<float>(std::sqrt(s));
        }
        m_data->embeddingNorms = std::move(norms);
    });
    return m_data->embeddingNorms;
}

std::vector<float> Model::logitsFromResidual(std::span<const float> residual) const {
    const Config& c = m_data->config;
    if (residual.size() != static_cast<std::size_t>(c.nEmbd))
        throw Error("logitsFromResidual: residual has " + std::to_string(residual.size()) +
                    " values, expected n_embd = " + std::to_string(c.nEmbd));
    std::vector<float> x(residual.begin(), residual.end());
    kernels::normalize(c.norm, x.data(), x.data(), m_data->lnfW, m_data->lnfB, c.nEmbd,
                       c.layerNormEps);
    std::vector<float> logits(static_cast<std::size_t>(c.nVocab));
    kernels::linearPacked(x.data(), 1, m_data->lmHead, nullptr, logits.data());
    finishLogits(c, logits.data(), logits.size());
    return logits;
}

std::vector<float> Model::finalNorm(std::span<const float> residual) const {
    const Config& c = m_data->config;
    if (residual.size() != static_cast<std::size_t>(c.nEmbd))
        throw Error("finalNorm: residual has " + std::to_string(residual.size()) +
                    " values, expected " + std::to_string(c.nEmbd));
    std::vector<float> x(residual.begin(), residual.end());
    kernels::normalize(c.norm, x.data(), x.data(), m_data->lnfW, m_data->lnfB, c.nEmbd,
                       c.layerNormEps);
    return x;
}

const std::vector<std::string>& Model::warnings() const { return m_data->warnings; }
std::size_t Model::parameterCount() const { return m_data->parameterCount; }
std::size_t Model::weightBytes() const { return m_data->weightBytes; }
std::size_t Model::decodeBytesPerToken() const { return m_data->streamedPerToken; }
std::size_t Model::kvCacheBytesPerToken() const {
    const Config& c = m_data->config;
    return 2 * static_cast<std::size_t>(c.nLayer) * static_cast<std::size_t>(c.kvDim()) *
           sizeof(float);
}
std::string Model::weightStorage() const { return m_data->storageTypes; }
bool Model::tiedHead() const { return m_data->tiedLmHead; }

}  // namespace ts
