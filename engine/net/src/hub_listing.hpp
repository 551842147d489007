#pragma once
// Reads the hub's listing (/api/models/ID/revision/REV?blobs=true) as a stream of JSON events
// straight into RepoFiles, without building the whole document in memory: a hostile listing
// of millions of tiny entries under the 64 MiB cap costs its RepoFiles, not ten times its
// size in JSON nodes. Internal to the downloader.
#include <cstddef>
#include <string>
#include <string_view>

#include "tokenscope/hub_download.hpp"

namespace ts::hub {

// More files than any model repository has (the hub advises under 100,000).
constexpr std::size_t kMaxListedFiles = 250'000;

struct ParsedListing {
    RepoInfo info;       // id left empty: the caller decides which id to use
    bool hasId = false;  // the listing has an "id" field
    bool idIsString = false;
    std::string id;          // its value when it is a string
    bool hasCommit = false;  // "sha" was a string
};

// Fills `out` from `body`; on a malformed or oversized listing returns false with `error`
// saying what is wrong (in words for a message).
bool parseListing(std::string_view body, ParsedListing& out, std::string& error);

}  // namespace ts::hub
