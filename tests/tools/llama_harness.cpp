// The llama.cpp reference for the GGUF tests: loads the prebuilt libllama from npm's
// @node-llama-cpp/linux-x64 with dlopen (declared by the llama.h of the matching source in
// npm's node-llama-cpp), so the tests compare Tokenscope with llama.cpp itself without
// linking it. Commands (JSON on stdout, errors on stderr, exit 1):
//
//   llama_harness LIBDIR quantize IN.gguf OUT.gguf TYPE      llama_model_quantize; TYPE is
//       q8_0 q4_0 q4_1 q5_0 q5_1 q4_k_s q4_k_m q5_k_s q5_k_m q6_k f16 bf16
//       (add "pure" after TYPE to quantize every tensor to that type)
//   llama_harness LIBDIR logits MODEL.gguf IDS [THREADS]     the last position's logits for
//       the comma-separated token ids, one llama_decode of the whole prompt
//   llama_harness LIBDIR dequant TYPE_NUMBER N IN.bin OUT.bin   ggml's to_float for N elements
#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "ggml.h"
#include "llama.h"

namespace {

void* g_llama = nullptr;
void* g_ggmlBase = nullptr;

[[noreturn]] void die(const std::string& what) {
    std::cerr << "llama_harness: " << what << "\n";
    std::exit(1);
}

void* open(const std::string& dir, const char* name) {
    const std::string path = dir + "/" + name;
    void* h = dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
    if (!h) die("cannot load " + path + ": " + dlerror());
    return h;
}

template <class F>
F* sym(void* lib, const char* name) {
    void* p = dlsym(lib, name);
    if (!p) die(std::string("symbol ") + name + " not found: " + dlerror());
    return reinterpret_cast<F*>(p);
}
#define LLAMA(fn) sym<decltype(fn)>(g_llama, #fn)

void quietLog(ggml_log_level level, const char* text, void*) {
    if (level >= GGML_LOG_LEVEL_ERROR) std::fputs(text, stderr);
}

void init(const std::string& dir) {
    void* ggml = open(dir, "libggml.v0.5.0.so");
    g_ggmlBase = open(dir, "libggml-base.so");
    g_llama = open(dir, "libllama.v0.5.0.so");
    LLAMA(llama_log_set)(quietLog, nullptr);
    // The npm build loads its CPU backend (one per x86 level) at run time.
    sym<decltype(ggml_backend_load_all_from_path)>(ggml,
                                                   "ggml_backend_load_all_from_path")(dir.c_str());
    LLAMA(llama_backend_init)();
}

int quantize(const std::string& in, const std::string& out, const std::string& type, bool pure) {
    static const std::map<std::string, llama_ftype> types = {
        {"q8_0", LLAMA_FTYPE_MOSTLY_Q8_0},     {"q4_0", LLAMA_FTYPE_MOSTLY_Q4_0},
        {"q4_1", LLAMA_FTYPE_MOSTLY_Q4_1},     {"q5_0", LLAMA_FTYPE_MOSTLY_Q5_0},
        {"q5_1", LLAMA_FTYPE_MOSTLY_Q5_1},     {"q4_k_s", LLAMA_FTYPE_MOSTLY_Q4_K_S},
        {"q4_k_m", LLAMA_FTYPE_MOSTLY_Q4_K_M}, {"q5_k_s", LLAMA_FTYPE_MOSTLY_Q5_K_S},
        {"q5_k_m", LLAMA_FTYPE_MOSTLY_Q5_K_M}, {"q6_k", LLAMA_FTYPE_MOSTLY_Q6_K},
        {"f16", LLAMA_FTYPE_MOSTLY_F16},       {"bf16", LLAMA_FTYPE_MOSTLY_BF16}};
    auto it = types.find(type);
    if (it == types.end()) die("unknown quantization type " + type);
    llama_model_quantize_params p = LLAMA(llama_model_quantize_default_params)();
    p.ftype = it->second;
    p.nthread = 2;
    p.pure = pure;
    const uint32_t rc = LLAMA(llama_model_quantize)(in.c_str(), out.c_str(), &p);
    if (rc != 0) die("llama_model_quantize failed (" + std::to_string(rc) + ") for " + in);
    std::cout << "{\"quantized\": \"" << out << "\", \"type\": \"" << type << "\"}\n";
    return 0;
}

int logits(const std::string& modelPath, const std::string& idList, int threads) {
    std::vector<llama_token> ids;
    std::stringstream ss(idList);
    for (std::string s; std::getline(ss, s, ',');)
        ids.push_back(static_cast<llama_token>(std::stol(s)));
    if (ids.empty()) die("no token ids");
    llama_model_params mp = LLAMA(llama_model_default_params)();
    mp.n_gpu_layers = 0;
    llama_model* model = LLAMA(llama_model_load_from_file)(modelPath.c_str(), mp);
    if (!model) die("llama.cpp could not load " + modelPath);
    llama_context_params cp = LLAMA(llama_context_default_params)();
    cp.n_ctx = static_cast<uint32_t>(ids.size() + 8);
    cp.n_batch = cp.n_ctx;
    cp.n_ubatch = cp.n_ctx;
    cp.n_threads = threads;
    cp.n_threads_batch = threads;
    llama_context* ctx = LLAMA(llama_init_from_model)(model, cp);
    if (!ctx) die("llama.cpp could not create a context for " + modelPath);
    llama_batch batch = LLAMA(llama_batch_get_one)(ids.data(), static_cast<int32_t>(ids.size()));
    if (LLAMA(llama_decode)(ctx, batch) != 0) die("llama_decode failed");
    const float* lg = LLAMA(llama_get_logits_ith)(ctx, -1);
    const int n = LLAMA(llama_vocab_n_tokens)(LLAMA(llama_model_get_vocab)(model));
    std::printf("{\"n_vocab\": %d, \"logits\": [", n);
    for (int i = 0; i < n; ++i) std::printf("%s%.9g", i ? ", " : "", static_cast<double>(lg[i]));
    std::printf("]}\n");
    LLAMA(llama_free)(ctx);
    LLAMA(llama_model_free)(model);
    return 0;
}

int dequant(int type, long n, const std::string& in, const std::string& out) {
    const ggml_type_traits* tr = sym<decltype(ggml_get_type_traits)>(
        g_ggmlBase, "ggml_get_type_traits")(static_cast<ggml_type>(type));
    if (!tr || !tr->to_float) die("ggml has no to_float for type " + std::to_string(type));
    std::ifstream f(in, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(f)), {});
    const std::size_t need = static_cast<std::size_t>(n / tr->blck_size) * tr->type_size;
    if (bytes.size() != need)
        die("input has " + std::to_string(bytes.size()) + " bytes, expected " +
            std::to_string(need));
    std::vector<float> y(static_cast<std::size_t>(n));
    tr->to_float(bytes.data(), y.data(), n);
    std::ofstream(out, std::ios::binary)
        .write(reinterpret_cast<const char*>(y.data()), static_cast<std::streamsize>(y.size() * 4));
    std::cout << "{\"type\": \"" << tr->type_name << "\", \"n\": " << n << "}\n";
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::cerr << "usage: llama_harness LIBDIR quantize|logits|dequant ...\n";
        return 2;
    }
    const std::string cmd = argv[2];
    init(argv[1]);
    if (cmd == "quantize" && argc >= 6)
        return quantize(argv[3], argv[4], argv[5], argc > 6 && std::string(argv[6]) == "pure");
    if (cmd == "logits" && argc >= 5)
        return logits(argv[3], argv[4], argc > 5 ? std::atoi(argv[5]) : 2);
    if (cmd == "dequant" && argc >= 7)
        return dequant(std::atoi(argv[3]), std::atol(argv[4]), argv[5], argv[6]);
    std::cerr << "llama_harness: bad arguments for " << cmd << "\n";
    return 2;
}
