#pragma once
// Helpers shared by the fuzz targets. The engine's loaders take paths, so targets write
// the input to a per-process scratch folder (in /dev/shm when this user may write there: no
// disk I/O; a chroot's /dev/shm may be root's alone).
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>

namespace ts_fuzz {

inline const std::filesystem::path& scratchDir() {
    static const std::filesystem::path dir = [] {
        namespace fs = std::filesystem;
        std::error_code ec;
        const bool shm = fs::is_directory("/dev/shm", ec) && ::access("/dev/shm", W_OK | X_OK) == 0;
        const fs::path base = shm ? fs::path("/dev/shm") : fs::temp_directory_path();
        fs::path d = base / ("tokenscope-fuzz-" + std::to_string(::getpid()));
        fs::create_directories(d);
        // Removed at normal exit; libFuzzer's crash exits may leave it behind (it is tiny).
        static struct Cleanup {
            fs::path p;
            ~Cleanup() {
                std::error_code e;
                fs::remove_all(p, e);
            }
        } cleanup{d};
        return d;
    }();
    return dir;
}

inline void writeFile(const std::filesystem::path& path, std::string_view bytes) {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) std::abort();
    if (!bytes.empty() && std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size())
        std::abort();
    std::fclose(f);
}

// Splits the input at the first occurrence of `sep` (absent: everything is the first part).
inline std::pair<std::string_view, std::string_view> splitAt(std::string_view in,
                                                             std::string_view sep) {
    const auto at = in.find(sep);
    if (at == std::string_view::npos) return {in, {}};
    return {in.substr(0, at), in.substr(at + sep.size())};
}

// An invariant broke: report it the way libFuzzer notices (abort => crash with stack).
#define TS_FUZZ_CHECK(cond)                                                              \
    do {                                                                                 \
        if (!(cond)) {                                                                   \
            std::fprintf(stderr, "fuzz invariant failed: %s (%s:%d)\n", #cond, __FILE__, \
                         __LINE__);                                                      \
            std::abort();                                                                \
        }                                                                                \
    } while (0)

}  // namespace ts_fuzz
