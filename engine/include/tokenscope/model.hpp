#pragma once
// Weights of a GPT-2-family model, immutable after load. Tensors are checked for name,
// dtype and shape when loading; compute is fp32 whatever the file stores.
#include <atomic>
#include <filesystem>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "tokenscope/config.hpp"

namespace ts {

// fraction in [0, 1] and a short description of what is being done
using ProgressCallback = std::function<void(double fraction, const std::string& what)>;

struct ModelData;  // weights and their layout; defined in engine/src/model/model_data.hpp

class Model {
public:
    // Loads config.json + model.safetensors from a folder. Throws ts::Error naming the file,
    // tensor and problem. Refuses pickled .bin/.pt files with an explanation.
    // `cancel` (optional) is polled between tensors; a cancelled load throws ts::Error.
    static std::shared_ptr<const Model> loadFolder(const std::filesystem::path& folder,
                                                   const ProgressCallback& progress = {},
                                                   const std::atomic<bool>* cancel = nullptr);

    ~Model();
    Model(const Model&) = delete;
    Model& operator=(const Model&) = delete;

    const Config& config() const;
    std::span<const float> tokenEmbedding(int token) const;     // [nEmbd]
    std::span<const float> positionEmbedding(int position) const;  // [nEmbd]
    // Final norm + output projection of a residual vector: the logit lens.
    std::vector<float> logitsFromResidual(std::span<const float> residual) const;  // [nVocab]
    // Non-fatal findings while loading (NaN/Inf weights, unusual dtypes...).
    const std::vector<std::string>& warnings() const;
    std::size_t parameterCount() const;
    std::size_t weightBytes() const;  // bytes of fp32 weights the engine computes with
    const ModelData& data() const { return *m_data; }

    explicit Model(std::unique_ptr<ModelData> data);

private:
    std::unique_ptr<ModelData> m_data;
};

}  // namespace ts
