// The curated list of Model → Get a model… (see get_model_dialog.hpp), Korean first. Every
// row is a download from the hub into its cache; nothing here is bundled with Tokenscope.
//
// Where each figure comes from (docs/models.md, "Getting the Korean models", says the same):
// - Repository ids and licences: the models' hub pages and model cards as stored by this
//   project's search tool; Kanana 1.5's Apache-2.0 and the HyperCLOVA X SEED GGUF repository
//   were read from third-party pages that link the hub files, not from the card itself.
// - "F16" sizes are parameters × 2 bytes (the checkpoints are BF16, the same size as F16):
//   Gemma 3 270M 268 M, Gemma 3 1B 1.0 B, EXAONE 4.0 1.2B 1.28 B, EXAONE 3.5 2.4B 2.67 B,
//   Mi:dm 2.0 Mini 2.31 B (computed from its config.json: 48 layers, width 1792, head_dim
//   128, 131,392 tied embeddings), HyperCLOVA X SEED 0.5B 0.57 B, Kanana 1.5 2.1B 2.32 B.
// - GGUF sizes are the stored listings' file sizes (EXAONE 3.5 2.4B Q4_K_M 1,644,918,272
//   bytes; HyperCLOVA X SEED 0.5B / 1.5B Q4_K_M 431,882,784 / 1,006,572,160 bytes) or the
//   sizes pages report (Gemma 3 270M Q8_0 ≈ 292 MB, Gemma 3 1B Q4_K_M ≈ 806 MB, EXAONE 4.0
//   1.2B Q4_K_M ≈ 812 MB). A row without ggufFile takes the downloader's default, Q8_0.
#include "shell/get_model_dialog.hpp"

namespace ts::ui {

const std::vector<CuratedModel>& curatedModels() {
    static const std::vector<CuratedModel> models = [] {
        std::vector<CuratedModel> m;
        auto add = [&m](const char* repo, const char* gguf, const char* title, const char* size,
                        const char* licence, const char* goodFor, const char* variantOf = "",
                        bool korean = false) {
            m.push_back({QString::fromUtf8(repo), QString::fromUtf8(gguf), QString::fromUtf8(title),
                         QString::fromUtf8(size), QString::fromUtf8(licence),
                         QString::fromUtf8(goodFor), QString::fromUtf8(variantOf), korean});
        };
        const char* exaoneLicence = QT_TRANSLATE_NOOP(
            "ts::ui::GetModelDialog", "EXAONE AI Model License 1.1 – NC: non-commercial use only");
        const char* seedLicence = QT_TRANSLATE_NOOP(
            "ts::ui::GetModelDialog", "HyperCLOVA X SEED Model License (NAVER's own terms)");
        const char* gemmaLicence = QT_TRANSLATE_NOOP(
            "ts::ui::GetModelDialog",
            "Gemma Terms of Use (accept them on the hub first; then set HF_TOKEN)");
        const char* ggufNote = QT_TRANSLATE_NOOP(
            "ts::ui::GetModelDialog",
            "The same model as one GGUF file: a fraction of the size, nearly the same answers");

        add("K-intelligence/Midm-2.0-Mini-Instruct", "",
            QT_TRANSLATE_NOOP("ts::ui::GetModelDialog", "Mi:dm 2.0 Mini Instruct (KT, 2.3B)"),
            "≈ 4.6 GB (BF16)", "MIT",
            QT_TRANSLATE_NOOP(
                "ts::ui::GetModelDialog",
                "Recommended for Korean: a Korea-centric chat model under an open licence "
                "(Llama design, head_dim 128)"),
            "", true);
        add("LGAI-EXAONE/EXAONE-4.0-1.2B", "",
            QT_TRANSLATE_NOOP("ts::ui::GetModelDialog", "EXAONE 4.0 1.2B (LG)"), "≈ 2.6 GB (BF16)",
            exaoneLicence,
            QT_TRANSLATE_NOOP(
                "ts::ui::GetModelDialog",
                "Korean and English; its norms sit after attention and the MLP, not before"));
        add("LGAI-EXAONE/EXAONE-4.0-1.2B-GGUF", "EXAONE-4.0-1.2B-Q4_K_M.gguf",
            QT_TRANSLATE_NOOP("ts::ui::GetModelDialog", "EXAONE 4.0 1.2B, GGUF Q4_K_M"),
            "≈ 810 MB (Q4_K_M)", exaoneLicence, ggufNote, "LGAI-EXAONE/EXAONE-4.0-1.2B");
        add("LGAI-EXAONE/EXAONE-3.5-2.4B-Instruct", "",
            QT_TRANSLATE_NOOP("ts::ui::GetModelDialog", "EXAONE 3.5 2.4B Instruct (LG)"),
            "≈ 5.3 GB (BF16)", exaoneLicence,
            QT_TRANSLATE_NOOP(
                "ts::ui::GetModelDialog",
                "Strong Korean for its size; a Llama-shaped model under other tensor names"));
        add("LGAI-EXAONE/EXAONE-3.5-2.4B-Instruct-GGUF", "EXAONE-3.5-2.4B-Instruct-Q4_K_M.gguf",
            QT_TRANSLATE_NOOP("ts::ui::GetModelDialog", "EXAONE 3.5 2.4B Instruct, GGUF Q4_K_M"),
            "≈ 1.6 GB (Q4_K_M)", exaoneLicence, ggufNote, "LGAI-EXAONE/EXAONE-3.5-2.4B-Instruct");
        add("naver-hyperclovax/HyperCLOVAX-SEED-Text-Instruct-0.5B", "",
            QT_TRANSLATE_NOOP("ts::ui::GetModelDialog",
                              "HyperCLOVA X SEED 0.5B Text Instruct (NAVER)"),
            "≈ 1.1 GB (BF16)", seedLicence,
            QT_TRANSLATE_NOOP(
                "ts::ui::GetModelDialog",
                "NAVER's smallest Korean chat model: fast enough to step through live"));
        add("naver-ellm/HyperCLOVAX-SEED-Text-Instruct-0.5B-GGUF",
            "HyperCLOVAX-SEED-Text-Instruct-0.5B-Q4_K_M.gguf",
            QT_TRANSLATE_NOOP("ts::ui::GetModelDialog", "HyperCLOVA X SEED 0.5B, GGUF Q4_K_M"),
            "≈ 430 MB (Q4_K_M)", seedLicence, ggufNote,
            "naver-hyperclovax/HyperCLOVAX-SEED-Text-Instruct-0.5B");
        add("naver-hyperclovax/HyperCLOVAX-SEED-Text-Instruct-1.5B", "",
            QT_TRANSLATE_NOOP("ts::ui::GetModelDialog",
                              "HyperCLOVA X SEED 1.5B Text Instruct (NAVER)"),
            "≈ 3.2 GB (BF16)", seedLicence,
            QT_TRANSLATE_NOOP("ts::ui::GetModelDialog",
                              "The larger SEED: better Korean answers, three times the memory"));
        add("naver-ellm/HyperCLOVAX-SEED-Text-Instruct-1.5B-GGUF",
            "HyperCLOVAX-SEED-Text-Instruct-1.5B-Q4_K_M.gguf",
            QT_TRANSLATE_NOOP("ts::ui::GetModelDialog", "HyperCLOVA X SEED 1.5B, GGUF Q4_K_M"),
            "≈ 1.0 GB (Q4_K_M)", seedLicence, ggufNote,
            "naver-hyperclovax/HyperCLOVAX-SEED-Text-Instruct-1.5B");
        add("kakaocorp/kanana-1.5-2.1b-instruct-2505", "",
            QT_TRANSLATE_NOOP("ts::ui::GetModelDialog", "Kanana 1.5 2.1B Instruct (Kakao)"),
            "≈ 4.6 GB (BF16)",
            QT_TRANSLATE_NOOP("ts::ui::GetModelDialog",
                              "Kakao's terms: Apache-2.0 as published for Kanana 1.5"),
            QT_TRANSLATE_NOOP(
                "ts::ui::GetModelDialog",
                "Kakao's bilingual model; variants that need remote code are refused"));
        add("google/gemma-3-270m-it", "",
            QT_TRANSLATE_NOOP("ts::ui::GetModelDialog", "Gemma 3 270M Instruct (Google)"),
            "≈ 540 MB (BF16)", gemmaLicence,
            QT_TRANSLATE_NOOP(
                "ts::ui::GetModelDialog",
                "The smallest real multilingual model; its sliding-window layers show as a "
                "band in the attention view"));
        add("ggml-org/gemma-3-270m-it-GGUF", "",
            QT_TRANSLATE_NOOP("ts::ui::GetModelDialog", "Gemma 3 270M Instruct, GGUF Q8_0"),
            "≈ 290 MB (Q8_0)", gemmaLicence, ggufNote, "google/gemma-3-270m-it");
        add("google/gemma-3-1b-it", "",
            QT_TRANSLATE_NOOP("ts::ui::GetModelDialog", "Gemma 3 1B Instruct (Google)"),
            "≈ 2.0 GB (BF16)", gemmaLicence,
            QT_TRANSLATE_NOOP("ts::ui::GetModelDialog",
                              "Better answers than the 270M, in Korean too; 26 layers"));
        add("ggml-org/gemma-3-1b-it-GGUF", "gemma-3-1b-it-Q4_K_M.gguf",
            QT_TRANSLATE_NOOP("ts::ui::GetModelDialog", "Gemma 3 1B Instruct, GGUF Q4_K_M"),
            "≈ 810 MB (Q4_K_M)", gemmaLicence, ggufNote, "google/gemma-3-1b-it");
        add("Qwen/Qwen2.5-0.5B-Instruct", "",
            QT_TRANSLATE_NOOP("ts::ui::GetModelDialog", "Qwen2.5 0.5B Instruct (Korean)"),
            "≈ 990 MB", "Apache-2.0",
            QT_TRANSLATE_NOOP(
                "ts::ui::GetModelDialog",
                "Reads and writes Korean: compare its tokens for 한국어 with GPT-2's; "
                "hallucination and lost-in-the-middle on a real chat model"));
        add("openai-community/gpt2", "",
            QT_TRANSLATE_NOOP("ts::ui::GetModelDialog", "GPT-2 (124M)"), "≈ 550 MB", "MIT",
            QT_TRANSLATE_NOOP("ts::ui::GetModelDialog",
                              "The classic of 2019: clear induction heads in the attention view, "
                              "English only (Korean costs several tokens a syllable)"));
        add("HuggingFaceTB/SmolLM2-135M-Instruct", "",
            QT_TRANSLATE_NOOP("ts::ui::GetModelDialog", "SmolLM2 135M Instruct"), "≈ 270 MB",
            "Apache-2.0",
            QT_TRANSLATE_NOOP("ts::ui::GetModelDialog",
                              "A small modern chat model (Llama design): follows instructions, "
                              "fast enough to step through live"));
        add("HuggingFaceTB/SmolLM2-135M-Instruct-GGUF", "smollm2-135m-instruct-q8_0.gguf",
            QT_TRANSLATE_NOOP("ts::ui::GetModelDialog", "SmolLM2 135M Instruct, GGUF Q8_0"),
            "≈ 145 MB", "Apache-2.0",
            QT_TRANSLATE_NOOP("ts::ui::GetModelDialog",
                              "The same model quantised to 8 bits: half the size, nearly the same "
                              "answers — a lesson on precision"),
            "HuggingFaceTB/SmolLM2-135M-Instruct");
        return m;
    }();
    return models;
}

}  // namespace ts::ui
