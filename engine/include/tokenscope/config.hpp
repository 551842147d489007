#pragma once
// Hyper-parameters named as in the checkpoint, plus architecture switches so that other
// families can join without a class hierarchy.
#include <filesystem>
#include <string>

namespace ts {

enum class Activation { GeluTanh, GeluExact, Relu };

struct Config {
    std::string modelType = "gpt2";
    int nVocab = 0;
    int nCtx = 0;     // n_positions
    int nEmbd = 0;
    int nHead = 0;
    int nLayer = 0;
    int nInner = 0;   // MLP width; 4 * nEmbd when the checkpoint says null
    float layerNormEps = 1e-5f;
    Activation activation = Activation::GeluTanh;
    bool scaleAttnByInverseLayerIdx = false;
    int bosTokenId = -1;
    int eosTokenId = -1;

    int headDim() const { return nEmbd / nHead; }

    // Parses a Hugging Face config.json; throws ts::Error naming the file and the field.
    static Config fromJsonFile(const std::filesystem::path& path);
    static Config fromJsonText(const std::string& text, const std::string& whereForErrors);
    // Throws ts::Error when fields contradict each other (heads not dividing the width...).
    void validate(const std::string& whereForErrors) const;
};

}  // namespace ts
