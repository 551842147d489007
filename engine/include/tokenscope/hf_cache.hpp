#pragma once
// The Hugging Face hub cache, read and written the way the hub's own tools do, so a model
// downloaded by `huggingface-cli`, transformers or Tokenscope is found by all of them:
//   <cache>/models--ORG--NAME/blobs/<etag>              file contents, named by hash
//   <cache>/models--ORG--NAME/snapshots/<commit>/<file>  relative symlinks into blobs/
//   <cache>/models--ORG--NAME/refs/<revision>            the commit a branch pointed to
// <cache> is $HF_HUB_CACHE, else $HF_HOME/hub, else $XDG_CACHE_HOME/huggingface/hub, else
// ~/.cache/huggingface/hub, where ~ is $HOME or, without it, the home folder the password
// database gives (as Python's expanduser does): never a shared folder such as /tmp.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace ts::hub {

// The cache folder the environment names (it need not exist yet). Throws ts::Error when no
// home folder can be found (no HOME and no password database entry) and none is set.
std::filesystem::path cacheDir();

// A branch, tag or commit name that is safe as a path under refs/: "main", "v1.0",
// "refs/pr/1". Refused: empty, over 255 bytes, a leading or trailing '/', an empty, "." or
// ".." segment, ".." anywhere (as git refuses it), '\', and control characters.
bool isRevisionName(const std::string& text);
// The rule above in words, for messages.
extern const char* const kRevisionRule;

// "ORG/NAME" or "NAME": letters, digits, '-', '_', '.', at most one '/', no "..".
bool isRepoId(const std::string& text);
// "models--ORG--NAME" for "ORG/NAME".
std::string repoFolderName(const std::string& repoId);
std::filesystem::path repoFolder(const std::filesystem::path& cache, const std::string& repoId);

// The snapshot folder of `revision` (a branch/tag name read from refs/, or a commit hash) of
// `repoId` in `cache`, or nullopt when it is not there.
std::optional<std::filesystem::path> findSnapshot(const std::filesystem::path& cache,
                                                  const std::string& repoId,
                                                  const std::string& revision = "main");

// What `--model SPEC` means: an existing file or folder is itself; otherwise a hub id
// ("ORG/NAME", optionally "ORG/NAME@REVISION") found in cacheDir(). Throws ts::Error that
// says what was looked for where and how to download it.
std::filesystem::path resolveModelSpec(const std::string& spec);

// "ORG/NAME" for a path inside a cache snapshot (".../models--ORG--NAME/snapshots/C/..."),
// with " · FILE" for a .gguf file; otherwise the last path component. For titles and lists.
std::string displayName(const std::filesystem::path& path);

// One model found in the cache, described without loading its weights.
struct CachedModel {
    std::string repoId;            // "ORG/NAME"
    std::string revision;          // the ref that points to it ("main"), or "" if none
    std::string commit;            // the snapshot folder's name
    std::filesystem::path folder;  // the snapshot folder
    std::filesystem::path file;    // a .gguf file for GGUF snapshots, else empty
    std::string family;            // config.json's model_type, or GGUF's architecture
    std::string precision;         // "F32", "BF16", "F16+F32", "Q8_0", ...
    std::uint64_t parameters = 0;  // from the safetensors headers (0 when unknown)
    std::uint64_t bytes = 0;       // weight bytes on disk
    bool supported = false;        // this engine can load it
    std::string reason;            // why not, when unsupported
};

// Every model snapshot under `cache`: folders with config.json and *.safetensors, and each
// .gguf file. Unreadable or half-downloaded entries are skipped or marked unsupported with a
// reason; this never throws for a malformed cache.
std::vector<CachedModel> scanCache(const std::filesystem::path& cache);

// "124M", "1.5B": a parameter count as people say it.
std::string formatParameters(std::uint64_t parameters);

}  // namespace ts::hub
