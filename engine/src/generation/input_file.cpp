// The one check for files the user names: see tokenscope/input_file.hpp.
#include "tokenscope/input_file.hpp"

#include <cstdio>
#include <fstream>

#include "tokenscope/error.hpp"

namespace ts {

namespace fs = std::filesystem;

std::string sizeText(std::uint64_t bytes) {
    if (bytes < 1024) return std::to_string(bytes) + " bytes";
    const char* units[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    double v = static_cast<double>(bytes) / 1024.0;
    int unit = 0;
    while (v >= 1024.0 && unit < 5) {
        v /= 1024.0;
        ++unit;
    }
    char text[32];
    std::snprintf(text, sizeof text, v < 10 ? "%.1f %s" : "%.0f %s", v, units[unit]);
    return text;
}

std::uint64_t checkInputFile(const fs::path& file, const std::string& what,
                             std::uint64_t maxBytes) {
    const std::string name = what + " " + file.string();
    std::error_code ec;
    const fs::file_status status = fs::status(file, ec);  // follows links, as opening does
    switch (status.type()) {
        case fs::file_type::regular:
            break;
        case fs::file_type::not_found:
            throw Error("cannot open " + name + ": no such file");
        case fs::file_type::directory:
            throw Error(name + " is a folder, not a file");
        case fs::file_type::fifo:
            throw Error(name + " is a pipe, not a regular file");
        case fs::file_type::character:
        case fs::file_type::block:
            throw Error(name + " is a device, not a regular file");
        case fs::file_type::socket:
            throw Error(name + " is a socket, not a regular file");
        default:
            throw Error("cannot open " + name +
                        (ec ? " (" + ec.message() + ")" : std::string(" (not a regular file)")));
    }
    const std::uintmax_t size = fs::file_size(file, ec);
    if (ec) throw Error("cannot read the size of " + name + " (" + ec.message() + ")");
    if (size > maxBytes)
        throw Error(name + " is " + sizeText(size) + ", more than the " + sizeText(maxBytes) +
                    " such a file may hold");
    return size;
}

std::string readInputFile(const fs::path& file, const std::string& what, std::uint64_t maxBytes) {
    const std::uint64_t size = checkInputFile(file, what, maxBytes);
    std::ifstream in(file, std::ios::binary);
    if (!in) throw Error("cannot open " + what + " " + file.string());
    std::string bytes;
    bytes.reserve(static_cast<std::size_t>(size));
    char buffer[65536];
    while (in) {
        in.read(buffer, sizeof buffer);
        bytes.append(buffer, static_cast<std::size_t>(in.gcount()));
        if (bytes.size() > maxBytes)
            throw Error(what + " " + file.string() + " grew past " + sizeText(maxBytes) +
                        " while it was read");
    }
    if (in.bad()) throw Error("cannot read " + what + " " + file.string());
    return bytes;
}

}  // namespace ts
