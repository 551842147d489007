// The tokenizer stored in a GGUF file's metadata (tokenizer.ggml.*), built on the same
// tables as vocab.json + merges.txt: `tokenizer.ggml.model` "gpt2" means byte-level BPE
// with tokens written in GPT-2's byte alphabet and merges as "left right" strings; the
// pre-tokenizer regex is chosen by `tokenizer.ggml.pre`. Token types mark control tokens
// (matched literally as special tokens) and user-defined ones (matched literally as text).
#include "formats/gguf_model.hpp"
#include "tokenizer/tokenizer_impl.hpp"
#include "tokenscope/error.hpp"

namespace ts {
namespace {

constexpr std::int64_t kControl = 3, kUserDefined = 4;

}  // namespace

std::shared_ptr<const Tokenizer> tokenizerFromGguf(const gguf::File& f) {
    if (!f.find("tokenizer.ggml.model")) return nullptr;
    const std::string model = f.requireString("tokenizer.ggml.model");
    const std::string where = f.where() + " (tokenizer.ggml.*)";
    if (model != "gpt2")
        throw Error(f.where() + ": tokenizer.ggml.model '" + model + "' is not supported yet "
                                "(supported: gpt2, byte-level BPE)");
    const std::string pre = f.getString("tokenizer.ggml.pre", "gpt-2");
    if (pre != "gpt-2" && pre != "default")
        throw Error(f.where() + ": tokenizer.ggml.pre '" + pre + "' names a pre-tokenizer "
                                "Tokenscope does not know (known: gpt-2)");
    const auto* tokens = f.stringArray("tokenizer.ggml.tokens");
    if (!tokens) throw Error(f.where() + ": metadata key 'tokenizer.ggml.tokens' is missing");
    const auto* types = f.intArray("tokenizer.ggml.token_type");
    if (types && types->size() != tokens->size())
        throw Error(f.where() + ": tokenizer.ggml.token_type has " + std::to_string(types->size()) +
                    " entries but tokenizer.ggml.tokens has " + std::to_string(tokens->size()));
    const auto* merges = f.stringArray("tokenizer.ggml.merges");

    TokenizerSource src;
    src.vocabWhere = where;
    src.vocab.reserve(tokens->size());
    for (std::size_t i = 0; i < tokens->size(); ++i) {
        const int id = static_cast<int>(i);
        const std::int64_t type = types ? (*types)[i] : 1;
        if (type == kControl || type == kUserDefined)
            src.added.push_back(AddedToken{(*tokens)[i], id, type == kControl});
        else
            src.vocab.emplace_back((*tokens)[i], id);
    }
    if (merges) {
        src.merges.reserve(merges->size());
        for (std::size_t i = 0; i < merges->size(); ++i) {
            const std::string& m = (*merges)[i];
            const auto space = m.find(' ', 1);
            const std::string at = "tokenizer.ggml.merges[" + std::to_string(i) + "]";
            if (space == std::string::npos || space + 1 >= m.size())
                throw Error(f.where() + ": " + at + " is \"" + m + "\", expected \"left right\"");
            src.merges.push_back({m.substr(0, space), m.substr(space + 1), f.where() + ": " + at});
        }
    }
    auto impl = buildTokenizer(std::move(src));
    impl->preTokenizer = PreTokenizerSteps::gpt2();  // tokenizer.ggml.pre "gpt-2"
    return std::make_shared<Tokenizer>(std::move(impl));
}

}  // namespace ts
