#pragma once
// Files the user names (a text to tokenize, a probe set, a record specification, a
// transcript someone e-mailed): only a regular file of a sensible size is read. A folder
// would read as empty, a fifo would block, /dev/zero would never end; each is refused with
// a message naming the file and its role instead.
#include <cstdint>
#include <filesystem>
#include <string>

namespace ts {

// Throws ts::Error unless `file` is (or links to) a regular file of at most `maxBytes`.
// `what` names the file's role in the message, e.g. "text file (--text-file)". Returns the
// file's size.
std::uint64_t checkInputFile(const std::filesystem::path& file, const std::string& what,
                             std::uint64_t maxBytes);

// checkInputFile, then the file's bytes. A file that grows past `maxBytes` while it is read
// is refused too (never more than maxBytes + 1 bytes are read).
std::string readInputFile(const std::filesystem::path& file, const std::string& what,
                          std::uint64_t maxBytes);

// "64 MiB", "1.5 GiB", "900 bytes": sizes in messages.
std::string sizeText(std::uint64_t bytes);

}  // namespace ts
