#include "tokenscope/model.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <set>

#include "compute/kernels.hpp"
#include "model/model_data.hpp"
#include "formats/safetensors.hpp"
#include "tokenscope/error.hpp"

namespace ts {
namespace {

namespace fs = std::filesystem;
using Shape = std::vector<std::int64_t>;

[[noreturn]] void fail(const std::string& what) { throw Error(what); }

// Pickled checkpoints we refuse to open, with the reason.
void refusePickles(const fs::path& folder) {
    std::vector<std::string> pickles;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(folder, ec)) {
        const std::string ext = e.path().extension().string();
        if (ext == ".bin" || ext == ".pt" || ext == ".pth" || ext == ".ckpt" || ext == ".pkl")
            pickles.push_back(e.path().filename().string());
    }
    std::sort(pickles.begin(), pickles.end());
    const fs::path st = folder / "model.safetensors";
    if (fs::exists(folder / "model.safetensors.index.json"))
        fail((folder / "model.safetensors.index.json").string() +
             ": sharded safetensors checkpoints are not supported; save the model as a single "
             "model.safetensors file");
    if (!pickles.empty()) {
        std::string list;
        for (std::size_t i = 0; i < pickles.size(); ++i) list += (i ? ", " : "") + pickles[i];
        fail(st.string() + " not found. The folder has PyTorch pickle weights (" + list +
             "), which Tokenscope never opens: unpickling a .bin/.pt file can execute arbitrary "
             "code. Convert it to safetensors first, e.g. in Python: "
             "GPT2LMHeadModel.from_pretrained(folder).save_pretrained(folder, "
             "safe_serialization=True)");
    }
    fail(st.string() + " not found (Tokenscope loads config.json + model.safetensors)");
}

class Loader {
public:
    Loader(ModelData& d, const st::File& f, const ProgressCallback& progress,
           const std::atomic<bool>* cancel, int total)
        : m_d(d), m_f(f), m_progress(progress), m_cancel(cancel), m_total(total) {}

    const st::TensorInfo* lookup(const std::string& base) const {
        if (auto* t = m_f.find("transformer." + base)) return t;
        return m_f.find(base);
    }

    const st::TensorInfo& require(const std::string& base, const Shape& expected) {
        tick(base);
        const st::TensorInfo* t = lookup(base);
        if (!t)
            fail(m_f.path().string() + ": missing tensor 'transformer." + base + "' (or '" + base +
                 "'), expected shape " + st::shapeString(expected));
        m_used.insert(t->name);
        if (t->shape != expected)
            fail(m_f.path().string() + ": tensor '" + t->name + "' has the wrong shape: expected " +
                 st::shapeString(expected) + ", found " + t->shapeString());
        m_d.parameterCount += t->numel;
        return *t;
    }

    void markUsed(const std::string& name) { m_used.insert(name); }
    bool used(const std::string& name) const { return m_used.count(name) != 0; }

    // As stored (row-major), zero-copy when the file holds aligned F32. (The LM head, which
    // every decode step streams, is packed into huge-page memory separately.)
    const float* plain(const st::TensorInfo& t) {
        const float* p;
        if (t.dtype == st::DType::F32 && reinterpret_cast<std::uintptr_t>(t.data) % 4 == 0) {
            p = reinterpret_cast<const float*>(t.data);
        } else {
            FloatBuffer b(t.numel);
            st::toFloat32(t.dtype, t.data, b.data(), t.numel);
            p = b.data();
            m_d.owned.push_back(std::move(b));
        }
        checkFinite(t, p);
        return p;
    }

    // A Conv1D weight stored [in, out]: returned packed in panels of 16 outputs.
    kernels::PackedWeight packed(const st::TensorInfo& t) {
        const int in = static_cast<int>(t.shape[0]);
        const int out = static_cast<int>(t.shape[1]);
        FloatBuffer tmp;
        const float* src;
        if (t.dtype == st::DType::F32 && reinterpret_cast<std::uintptr_t>(t.data) % 4 == 0) {
            src = reinterpret_cast<const float*>(t.data);
        } else {
            tmp.resize(t.numel);
            st::toFloat32(t.dtype, t.data, tmp.data(), t.numel);
            src = tmp.data();
        }
        checkFinite(t, src);
        FloatBuffer dst(kernels::packedSize(out, in));
        kernels::packFromInOut(src, in, out, dst.data());
        const kernels::PackedWeight w{dst.data(), out, in};
        m_d.owned.push_back(std::move(dst));
        return w;
    }

private:
    void tick(const std::string& what) {
        if (m_cancel && m_cancel->load(std::memory_order_relaxed)) fail("loading cancelled");
        if (m_progress) m_progress(static_cast<double>(m_done) / m_total, "loading " + what);
        ++m_done;
    }

    void checkFinite(const st::TensorInfo& t, const float* p) {
        std::size_t nan = 0, inf = 0;
        for (std::size_t i = 0; i < t.numel; ++i) {
            if (std::isnan(p[i])) ++nan;
            else if (std::isinf(p[i])) ++inf;
        }
        if (nan || inf)
            m_d.warnings.push_back("tensor '" + t.name + "' has " + std::to_string(nan) +
                                   " NaN and " + std::to_string(inf) + " infinite values out of " +
                                   std::to_string(t.numel));
    }

    ModelData& m_d;
    const st::File& m_f;
    const ProgressCallback& m_progress;
    const std::atomic<bool>* m_cancel;
    int m_total;
    int m_done = 0;
    std::set<std::string> m_used;
};

bool isBufferName(const std::string& name) {
    auto ends = [&](const char* s) {
        const std::size_t n = std::strlen(s);
        return name.size() >= n && name.compare(name.size() - n, n, s) == 0;
    };
    return ends(".attn.bias") || ends(".attn.masked_bias");
}

}  // namespace

std::shared_ptr<const Model> Model::loadFolder(const fs::path& folder,
                                               const ProgressCallback& progress,
                                               const std::atomic<bool>* cancel) {
    std::error_code ec;
    if (!fs::is_directory(folder, ec))
        fail(folder.string() + ": not a folder (expected a model folder with config.json and "
                               "model.safetensors)");
    auto d = std::make_unique<ModelData>();
    d->folder = folder;
    const fs::path cfgPath = folder / "config.json";
    if (!fs::exists(cfgPath, ec)) fail(cfgPath.string() + ": not found (every model folder needs "
                                                           "the Hugging Face config.json)");
    d->config = Config::fromJsonFile(cfgPath);
    const Config& c = d->config;
    const fs::path stPath = folder / "model.safetensors";
    if (!fs::exists(stPath, ec)) refusePickles(folder);

    if (progress) progress(0.0, "opening " + stPath.filename().string());
    const st::File file = st::File::open(stPath);
    d->mapping = file.mapping();

    const std::int64_t C = c.nEmbd, V = c.nVocab, N = c.nCtx, I = c.nInner;
    const int total = 4 + 12 * c.nLayer + 1;
    Loader L(*d, file, progress, cancel, total);

    // Embeddings first, with specific messages for the common config/weights mix-ups.
    {
        const st::TensorInfo* wte = L.lookup("wte.weight");
        if (wte && wte->shape.size() == 2 && wte->shape[1] == C && wte->shape[0] != V)
            fail(stPath.string() + ": vocabulary size mismatch: config.json says vocab_size " +
                 std::to_string(V) + " but '" + wte->name + "' has " +
                 std::to_string(wte->shape[0]) + " rows (shape " + wte->shapeString() +
                 ", expected " + st::shapeString({V, C}) + ")");
        const st::TensorInfo* wpe = L.lookup("wpe.weight");
        if (wpe && wpe->shape.size() == 2 && wpe->shape[1] == C && wpe->shape[0] != N)
            fail(stPath.string() + ": context length mismatch: config.json says n_positions " +
                 std::to_string(N) + " but '" + wpe->name + "' has " +
                 std::to_string(wpe->shape[0]) + " rows (shape " + wpe->shapeString() +
                 ", expected " + st::shapeString({N, C}) + ")");
    }
    d->wte = L.plain(L.require("wte.weight", {V, C}));
    d->wpe = L.plain(L.require("wpe.weight", {N, C}));

    d->layers.resize(static_cast<std::size_t>(c.nLayer));
    for (int l = 0; l < c.nLayer; ++l) {
        const std::string p = "h." + std::to_string(l) + ".";
        LayerWeights& w = d->layers[static_cast<std::size_t>(l)];
        w.ln1W = L.plain(L.require(p + "ln_1.weight", {C}));
        w.ln1B = L.plain(L.require(p + "ln_1.bias", {C}));
        w.qkvW = L.packed(L.require(p + "attn.c_attn.weight", {C, 3 * C}));
        w.qkvB = L.plain(L.require(p + "attn.c_attn.bias", {3 * C}));
        w.projW = L.packed(L.require(p + "attn.c_proj.weight", {C, C}));
        w.projB = L.plain(L.require(p + "attn.c_proj.bias", {C}));
        w.ln2W = L.plain(L.require(p + "ln_2.weight", {C}));
        w.ln2B = L.plain(L.require(p + "ln_2.bias", {C}));
        w.fcW = L.packed(L.require(p + "mlp.c_fc.weight", {C, I}));
        w.fcB = L.plain(L.require(p + "mlp.c_fc.bias", {I}));
        w.fc2W = L.packed(L.require(p + "mlp.c_proj.weight", {I, C}));
        w.fc2B = L.plain(L.require(p + "mlp.c_proj.bias", {C}));
    }
    d->lnfW = L.plain(L.require("ln_f.weight", {C}));
    d->lnfB = L.plain(L.require("ln_f.bias", {C}));

    const float* head = d->wte;  // [V, C], tied unless the file has its own lm_head
    if (file.find("lm_head.weight")) {
        const st::TensorInfo& t = L.require("lm_head.weight", {V, C});
        // Many checkpoints store the tied head as a copy of wte; keep one copy then.
        const bool sameAsWte =
            t.dtype == st::DType::F32 && std::memcmp(t.data, d->wte, t.numel * 4) == 0;
        if (sameAsWte) {
            d->parameterCount -= t.numel;
        } else {
            head = L.plain(t);
        }
        d->tiedLmHead = sameAsWte;
    } else {
        d->tiedLmHead = true;
    }
    // Every decode step streams the whole head (50257 x 768 for GPT-2, a third of its
    // weights), so it gets the packed layout too; the embedding stays row-major for lookups.
    const int vocab = static_cast<int>(V), width = static_cast<int>(C);  // checked by the config
    FloatBuffer packedHead(kernels::packedSize(vocab, width));
    kernels::packFromOutIn(head, vocab, width, packedHead.data());
    d->lmHead = kernels::PackedWeight{packedHead.data(), vocab, width};
    d->owned.push_back(std::move(packedHead));

    std::vector<std::string> unknown;
    for (const auto& t : file.tensors())
        if (!L.used(t.name) && !isBufferName(t.name)) unknown.push_back(t.name);
    if (!unknown.empty()) {
        std::string list;
        for (std::size_t i = 0; i < unknown.size() && i < 10; ++i)
            list += (i ? ", " : "") + unknown[i];
        if (unknown.size() > 10) list += ", ... (" + std::to_string(unknown.size() - 10) + " more)";
        d->warnings.push_back(stPath.string() + ": ignored " + std::to_string(unknown.size()) +
                              " unknown tensor(s): " + list);
    }
    d->weightBytes = d->parameterCount * sizeof(float);
    d->streamedPerToken =
        static_cast<std::size_t>(c.nLayer) *
        static_cast<std::size_t>(3 * C * C + C * C + 2 * C * I) * sizeof(float);
    if (progress) progress(1.0, "loaded");
    return std::make_shared<Model>(std::move(d));
}

Model::Model(std::unique_ptr<ModelData> data) : m_data(std::move(data)) {}
Model::~Model() = default;

const Config& Model::config() const { return m_data->config; }

std::span<const float> Model::tokenEmbedding(int token) const {
    const Config& c = m_data->config;
    if (token < 0 || token >= c.nVocab)
        throw Error("token id " + std::to_string(token) + " is out of range (vocabulary size " +
                    std::to_string(c.nVocab) + ")");
    return {m_data->wte + static_cast<std::size_t>(token) * c.nEmbd,
            static_cast<std::size_t>(c.nEmbd)};
}

std::span<const float> Model::positionEmbedding(int position) const {
    const Config& c = m_data->config;
    if (position < 0 || position >= c.nCtx)
        throw Error("position " + std::to_string(position) + " is out of range (context length " +
                    std::to_string(c.nCtx) + ")");
    return {m_data->wpe + static_cast<std::size_t>(position) * c.nEmbd,
            static_cast<std::size_t>(c.nEmbd)};
}

std::vector<float> Model::logitsFromResidual(std::span<const float> residual) const {
    const Config& c = m_data->config;
    if (residual.size() != static_cast<std::size_t>(c.nEmbd))
        throw Error("logitsFromResidual: residual has " + std::to_string(residual.size()) +
                    " values, expected n_embd = " + std::to_string(c.nEmbd));
    std::vector<float> x(residual.begin(), residual.end());
    kernels::layerNorm(x.data(), x.data(), m_data->lnfW, m_data->lnfB, c.nEmbd, c.layerNormEps);
    std::vector<float> logits(static_cast<std::size_t>(c.nVocab));
    kernels::linearPacked(x.data(), 1, m_data->lmHead, nullptr, logits.data());
    return logits;
}

const std::vector<std::string>& Model::warnings() const { return m_data->warnings; }
std::size_t Model::parameterCount() const { return m_data->parameterCount; }
std::size_t Model::weightBytes() const { return m_data->weightBytes; }

}  // namespace ts
