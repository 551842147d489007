// GGUF models end to end: the same weights give the same logits through GGUF and through
// safetensors, in every container variant (versions 2 and 3, split files); the tokenizer
// in the metadata tokenizes like vocab.json + merges.txt; model files with missing or
// misshapen tensors are refused with the tensor's name and both shapes.
#include <cmath>
#include <fstream>

#include "catch.hpp"
#include "engine/engine_test_util.hpp"
#include "engine/gguf_fixtures.hpp"
#include "engine/memory_peak.hpp"
#include "formats/gguf.hpp"
#include "model/gguf_loader.hpp"
#include "model/model_data.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/model.hpp"
#include "tokenscope/model_folder.hpp"
#include "tokenscope/session.hpp"
#include "tools/gguf_write.hpp"

namespace {

std::vector<float> lastLogits(const std::shared_ptr<const ts::Model>& m,
                              const std::vector<int>& ids) {
    ts::Session s(m);
    return s.prefill(ids).logits;
}

const std::vector<int> kIds = {5, 77, 300, 12, 511, 42, 42, 9, 150, 3};

}  // namespace

TEST_CASE("GGUF F32 gives exactly the safetensors logits of the same weights", "[gguf][model]") {
    const auto hf = ts_test::dataDir() / "gpt2-tiny-vocab512";
    const auto st = ts::Model::loadFolder(hf);
    const auto ref = lastLogits(st, kIds);
    for (const auto& [name, extra] : std::vector<std::pair<std::string, std::string>>{
             {"tiny-f32.gguf", ""}, {"tiny-f32-v2.gguf", "--version 2"}}) {
        const auto path = ts_test::ggufFromHf(hf, name, extra);
        const auto g = ts::Model::loadGguf(path);
        CHECK(g->config().nEmbd == st->config().nEmbd);
        CHECK(g->config().nVocab == 512);
        CHECK(g->parameterCount() == st->parameterCount());
        const auto got = lastLogits(g, kIds);
        REQUIRE(got.size() == ref.size());
        int differ = 0;
        for (std::size_t i = 0; i < ref.size(); ++i) differ += got[i] != ref[i];
        INFO(name);
        CHECK(differ == 0);
        // A decode step after the prompt, too (the packed decode kernel).
        ts::Session a(st), b(g);
        a.prefill(kIds);
        b.prefill(kIds);
        CHECK(a.step(17).logits == b.step(17).logits);
    }
    // Split into three parts, opened from the last part.
    ts_test::fixture("tiny-split.done", [&](const std::filesystem::path& tmp) {
        ts_test::run(std::string(TOKENSCOPE_GGUF_FROM_HF) + " " + ts_test::quoted(hf) + " " +
                     ts_test::quoted(ts_test::ggufFixtureDir() / "tiny-split.gguf") + " --split 3");
        std::ofstream(tmp) << "done\n";
    });
    const auto g =
        ts::Model::loadGguf(ts_test::ggufFixtureDir() / "tiny-split-00003-of-00003.gguf");
    CHECK(lastLogits(g, kIds) == ref);
}

TEST_CASE("GGUF F16 and Q8_0 weights stay in their type and match their dequantized weights",
          "[gguf][model]") {
    const auto hf = ts_test::wideHfFolder();
    for (const std::string type : {"f16", "q8_0"}) {
        // The reference: the same rounded weights written as F32 (for F16 the HF folder
        // itself, whose F32 weights the F16 file rounds).
        const auto st =
            type == "f16" ? ts::Model::loadFolder(hf)
                          : ts::Model::loadGguf(ts_test::ggufFromHf(
                                hf, "wide-own-q8_0-dequantized.gguf", "--type q8_0 --dequantized"));
        const auto ref = lastLogits(st, kIds);
        const auto g = ts::Model::loadGguf(
            ts_test::ggufFromHf(hf, "wide-own-" + type + ".gguf", "--type " + type));
        const auto& qkv = g->data().layers[0].qkvW;
        if (type == "f16") {
            CHECK(qkv.type == ts::kernels::WeightType::F16);
            CHECK(g->weightStorage() == "F16");
        } else {
            CHECK(qkv.type == ts::kernels::WeightType::Blocks);
            CHECK(qkv.blockType == static_cast<std::uint32_t>(ts::quant::Type::Q8_0));
            CHECK(g->weightStorage() == "Q8_0");
        }
        // Bytes per token: F16 half of F32, Q8_0 34/128 of it.
        const double ratio =
            static_cast<double>(g->data().streamedPerToken) / st->data().streamedPerToken;
        CHECK(ratio == Approx(type == "f16" ? 0.5 : 34.0 / 128).epsilon(1e-9));
        ts::Session s(g);
        const auto prefill = s.prefill(kIds).logits;
        const auto step = s.step(17).logits;
        ts::Session r(st);
        r.prefill(kIds);
        const auto refStep = r.step(17).logits;
        double worst = 0, worstStep = 0, spread = 0;
        for (std::size_t i = 0; i < ref.size(); ++i) {
            worst = std::max(worst, static_cast<double>(std::fabs(prefill[i] - ref[i])));
            worstStep = std::max(worstStep, static_cast<double>(std::fabs(step[i] - refStep[i])));
            spread = std::max(spread, static_cast<double>(std::fabs(ref[i])));
        }
        INFO(type << ": prefill max |diff| " << worst << ", decode step " << worstStep
                  << ", max |logit| " << spread);
        // F16 against F32 weights: each weight rounded by 2^-11 relative. Q8_0 against its
        // own dequantized weights: the same products, the LM head and a decode step with
        // 16-bit activations (1/65534 of each block's largest): measured 1.2e-4 (prefill) and
        // 3.1e-4 (decode step) on logits up to 5.8; the issue allows 2e-2.
        CHECK(worst <= (type == "f16" ? 2e-3 * spread : 1e-3));
        CHECK(worstStep <= (type == "f16" ? 2e-3 * spread : 1e-3));
    }
}

TEST_CASE("GGUF tokenizer metadata tokenizes like vocab.json + merges.txt", "[gguf][tokenizer]") {
    const auto vocab = ts_test::gpt2VocabDir();
    if (vocab.empty() || !std::filesystem::exists(vocab / "vocab.json")) {
        TS_SKIP("the GPT-2 vocabulary is not set up (packaging/dev.sh fetches it)");
    }
    const auto hf = ts_test::dataDir() / "gpt2-tiny-fullvocab";
    const auto path =
        ts_test::ggufFromHf(hf, "fullvocab-f32.gguf", "--vocab-dir " + ts_test::quoted(vocab));
    const ts::LoadedModel loaded = ts::loadModelFolder(path);
    REQUIRE(loaded.tokenizer);
    const auto files = ts::Tokenizer::fromFiles(vocab / "vocab.json", vocab / "merges.txt");
    for (const std::string text : {"Hello world!", "The capital of France is",
                                   "  spaces\tand\nlines ", "범인이 수진이라는 게 밝혀졌다.",
                                   "numbers 12345 and 's 're contractions", "<|endoftext|>after"}) {
        INFO(text);
        CHECK(loaded.tokenizer->encodeIds(text) == files->encodeIds(text));
        CHECK(loaded.tokenizer->encodeIds(text, true) == files->encodeIds(text, true));
        CHECK(loaded.tokenizer->decode(loaded.tokenizer->encodeIds(text)) == text);
    }
    CHECK(loaded.tokenizer->endOfTextId() == std::optional<int>(50256));
    CHECK(loaded.model->config().eosTokenId == 50256);
    // And the model through the GGUF path predicts what the folder path predicts.
    const auto st = ts::Model::loadFolder(hf);
    const auto ids = files->encodeIds("The capital of France is");
    CHECK(lastLogits(loaded.model, ids) == lastLogits(st, ids));
}

TEST_CASE("GGUF model files with wrong tensors or metadata are refused clearly", "[gguf][model]") {
    ts_test::TempDir dir;
    using namespace ts_gguf_write;
    auto base = [](Writer& w, const std::string& arch = "gpt2") {
        w.kvString("general.architecture", arch);
        w.kvU32("gpt2.context_length", 8);
        w.kvU32("gpt2.embedding_length", 32);
        w.kvU32("gpt2.block_count", 1);
        w.kvU32("gpt2.attention.head_count", 2);
        w.kvU32("gpt2.feed_forward_length", 64);
    };
    auto err = [&](const Writer& w) {
        ts_test::writeBytes(dir / "m.gguf", w.bytes());
        return ts_test::errorOf([&] { ts::Model::loadGguf(dir / "m.gguf"); });
    };
    Writer noEmbd;
    base(noEmbd);
    CHECK_THAT(err(noEmbd), Catch::Matchers::ContainsSubstring("token_embd.weight"));
    Writer wrongShape;
    base(wrongShape);
    wrongShape.tensor("token_embd.weight", {32, 16}, 0, std::string(32 * 16 * 4, '\0'));
    wrongShape.tensor("position_embd.weight", {32, 9}, 0, std::string(32 * 9 * 4, '\0'));
    CHECK_THAT(err(wrongShape),
               Catch::Matchers::ContainsSubstring("'position_embd.weight' has shape [32, 9]") &&
                   Catch::Matchers::ContainsSubstring("expected [32, 8]"));
    Writer arch;
    base(arch, "mamba");
    CHECK_THAT(err(arch), Catch::Matchers::ContainsSubstring("architecture 'mamba'"));
    Writer heads;
    base(heads);
    heads.kvU32("gpt2.attention.head_count", 0);
    CHECK_THAT(err(heads), Catch::Matchers::ContainsSubstring("head_count") ||
                               Catch::Matchers::ContainsSubstring("head"));
    Writer missingKey;
    missingKey.kvString("general.architecture", "gpt2");
    CHECK_THAT(err(missingKey), Catch::Matchers::ContainsSubstring("gpt2.context_length") &&
                                    Catch::Matchers::ContainsSubstring("missing"));
    // A text file named .gguf through the folder loader.
    ts_test::writeBytes(dir / "notes.gguf", "hello");
    CHECK_THROWS_WITH(ts::loadModelFolder(dir / "notes.gguf"),
                      Catch::Matchers::ContainsSubstring("notes.gguf") &&
                          Catch::Matchers::ContainsSubstring("not a GGUF file"));
}

TEST_CASE("GGUF block_count is checked against the tensors before layers are allocated",
          "[gguf][model]") {
    // block_count = 2^24 with one layer's worth of tensors: refused from the tensor list,
    // before 16,777,216 layers of weights were set up (gigabytes, then "missing tensor").
    ts_test::TempDir dir;
    using namespace ts_gguf_write;
    auto write = [&](const std::string& arch, std::uint32_t blocks) {
        Writer w;
        w.kvString("general.architecture", arch);
        const std::string a = arch + ".";
        w.kvU32(a + "context_length", 8);
        w.kvU32(a + "embedding_length", 32);
        w.kvU32(a + "block_count", blocks);
        w.kvU32(a + "attention.head_count", 2);
        w.kvU32(a + "feed_forward_length", 64);
        w.kvF32(a + "attention.layer_norm_rms_epsilon", 1e-6f);
        w.tensor("token_embd.weight", {32, 16}, 0, std::string(32 * 16 * 4, '\0'));
        w.tensor("position_embd.weight", {32, 8}, 0, std::string(32 * 8 * 4, '\0'));
        w.tensor("blk.0.attn_norm.weight", {32}, 0, std::string(32 * 4, '\0'));
        ts_test::writeBytes(dir / "m.gguf", w.bytes());
    };
    for (const char* arch : {"gpt2", "llama"}) {
        INFO(arch);
        write(arch, 1u << 24);
        std::string error;
        const auto grew = ts_test::peakResidentGrowth(
            [&] { error = ts_test::errorOf([&] { ts::Model::loadGguf(dir / "m.gguf"); }); });
        CHECK_THAT(error,
                   Catch::Matchers::ContainsSubstring("block_count declares 16777216 layers") &&
                       Catch::Matchers::ContainsSubstring("3 tensors"));
        if (grew >= 0) CHECK(grew < (64 << 20));
        // Two layers declared, fewer tensors than one layer needs: the same refusal.
        write(arch, 2);
        CHECK_THAT(ts_test::errorOf([&] { ts::Model::loadGguf(dir / "m.gguf"); }),
                   Catch::Matchers::ContainsSubstring("declares 2 layers"));
    }
}

TEST_CASE("GGUF token ids past an int are not truncated into other tokens", "[gguf][model]") {
    // static_cast<int> made bos_token_id 2^32 + 5 the token 5.
    ts_test::TempDir dir;
    using namespace ts_gguf_write;
    Writer w;
    w.kvScalar<std::uint64_t>("tokenizer.ggml.bos_token_id", U64, (1ull << 32) + 5);
    w.kvScalar<std::uint64_t>("tokenizer.ggml.eos_token_id", U64, 7);
    w.tensor("token_embd.weight", {32, 16}, 0, std::string(32 * 16 * 4, '\0'));
    ts_test::writeBytes(dir / "ids.gguf", w.bytes());
    const auto f = ts::gguf::File::open(dir / "ids.gguf");
    ts::Config c;
    ts::readGgufVocabulary(f, c);
    CHECK(c.bosTokenId == -1);
    CHECK(c.eosTokenId == 7);
    CHECK(c.eosTokenIds == std::vector<int>{7});
}
