// Sharded safetensors checkpoints: model.safetensors.index.json maps every tensor name to
// the shard file that holds it. Large models (and many small ones saved with a shard size)
// are published this way. The index is untrusted like the shards: its shard names must be
// plain files of the folder (no paths, no "..") and each named tensor must really be in
// its shard; a tensor that two shards both hold is refused.
#include <algorithm>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "formats/safetensors.hpp"
#include "io/json_file.hpp"
#include "tokenscope/error.hpp"

namespace ts::st {
namespace {

namespace fs = std::filesystem;

bool plainFileName(const std::string& s) {
    return !s.empty() && s != "." && s != ".." && s.find('/') == std::string::npos &&
           s.find('\\') == std::string::npos && s.find('\0') == std::string::npos;
}

}  // namespace

bool Checkpoint::existsIn(const fs::path& folder) {
    std::error_code ec;
    return fs::exists(folder / "model.safetensors", ec) ||
           fs::exists(folder / "model.safetensors.index.json", ec);
}

Checkpoint Checkpoint::open(const fs::path& folder) {
    Checkpoint c;
    std::error_code ec;
    const fs::path single = folder / "model.safetensors";
    const fs::path index = folder / "model.safetensors.index.json";
    std::map<std::string, std::string> wanted;  // tensor -> shard, from the index
    if (fs::exists(single, ec)) {
        c.m_path = single;
        c.m_files.push_back(File::open(single));
    } else {
        c.m_path = index;
        // The index of a 671B model with 90,000 tensors is 8 MB.
        nlohmann::json j = parseJsonText(
            readFileCapped(index, "checkpoint index", kMaxSmallJsonBytes), index.string());
        if (!j.is_object() || !j.contains("weight_map") || !j["weight_map"].is_object())
            fail(index,
                 "a sharded checkpoint's index needs a 'weight_map' object (tensor name -> "
                 "shard file)");
        std::vector<std::string> shards;
        for (auto it = j["weight_map"].begin(); it != j["weight_map"].end(); ++it) {
            if (!it.value().is_string())
                fail(index, "weight_map entry '" + it.key() + "' must name a shard file, found " +
                                jsonShown(it.value()));
            const std::string shard = it.value().get<std::string>();
            if (!plainFileName(shard))
                fail(index, "weight_map entry '" + it.key() + "' names '" + shard +
                                "': shards must be plain file names in the model folder");
            wanted[it.key()] = shard;
            if (std::find(shards.begin(), shards.end(), shard) == shards.end())
                shards.push_back(shard);
        }
        if (shards.empty())
            fail(index, "weight_map is empty: the sharded checkpoint lists no tensors");
        std::sort(shards.begin(), shards.end());
        for (const std::string& s : shards) {
            if (!fs::exists(folder / s, ec))
                fail(index, "shard '" + s + "' is listed but " + (folder / s).string() +
                                " does not exist");
            c.m_files.push_back(File::open(folder / s));
        }
    }
    for (std::size_t f = 0; f < c.m_files.size(); ++f)
        for (const TensorInfo& t : c.m_files[f].tensors()) c.m_where.emplace_back(t.name, f);
    std::sort(c.m_where.begin(), c.m_where.end());
    for (std::size_t i = 1; i < c.m_where.size(); ++i)
        if (c.m_where[i].first == c.m_where[i - 1].first)
            fail(c.m_path, "tensor '" + c.m_where[i].first + "' is in two shards: " +
                               c.m_files[c.m_where[i - 1].second].path().filename().string() +
                               " and " + c.m_files[c.m_where[i].second].path().filename().string());
    for (const auto& [name, shard] : wanted) {
        const TensorInfo* t = c.find(name);
        if (!t || c.fileOf(name).path().filename().string() != shard)
            fail(c.m_path, "the index puts tensor '" + name + "' in " + shard +
                               ", but that shard " + "does not hold it");
    }
    return c;
}

const TensorInfo* Checkpoint::find(const std::string& name) const {
    auto it = std::lower_bound(m_where.begin(), m_where.end(), name,
                               [](const auto& e, const std::string& n) { return e.first < n; });
    if (it == m_where.end() || it->first != name) return nullptr;
    return m_files[it->second].find(name);
}

const File& Checkpoint::fileOf(const std::string& name) const {
    auto it = std::lower_bound(m_where.begin(), m_where.end(), name,
                               [](const auto& e, const std::string& n) { return e.first < n; });
    return m_files[it->second];
}

std::vector<std::pair<const TensorInfo*, const File*>> Checkpoint::tensors() const {
    std::vector<std::pair<const TensorInfo*, const File*>> out;
    for (const File& f : m_files)
        for (const TensorInfo& t : f.tensors()) out.emplace_back(&t, &f);
    return out;
}

}  // namespace ts::st
