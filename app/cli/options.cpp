#include "options.hpp"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace ts::cli {

std::string shortNumber(double v) {
    std::ostringstream os;
    os << v;
    return os.str();
}

Options::Options(const std::vector<std::string>& args, const std::set<std::string>& valued,
                 const std::set<std::string>& flags) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--help" || a == "-h") throw HelpRequested{};
        if (a.size() < 3 || a.rfind("--", 0) != 0)
            throw UsageError{"unexpected argument '" + a + "' (options start with --)"};
        std::string name = a.substr(2);
        std::optional<std::string> inlineValue;
        if (const auto eq = name.find('='); eq != std::string::npos) {
            inlineValue = name.substr(eq + 1);
            name = name.substr(0, eq);
        }
        if (m_values.count(name)) throw UsageError{"option --" + name + " given twice"};
        if (flags.count(name)) {
            if (inlineValue) throw UsageError{"option --" + name + " takes no value"};
            m_values[name] = "";
        } else if (valued.count(name)) {
            if (inlineValue) {
                m_values[name] = *inlineValue;
            } else {
                if (i + 1 >= args.size()) throw UsageError{"option --" + name + " needs a value"};
                m_values[name] = args[++i];
            }
        } else {
            throw UsageError{"unknown option --" + name};
        }
    }
}

bool Options::has(const std::string& name) const { return m_values.count(name) != 0; }

std::optional<std::string> Options::get(const std::string& name) const {
    auto it = m_values.find(name);
    if (it == m_values.end()) return std::nullopt;
    return it->second;
}

std::string Options::require(const std::string& name) const {
    auto v = get(name);
    if (!v) throw UsageError{"option --" + name + " is required"};
    return *v;
}

std::string Options::getOr(const std::string& name, const std::string& fallback) const {
    return get(name).value_or(fallback);
}

long long parseInteger(const std::string& text, const std::string& what) {
    long long v = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, v);
    if (text.empty() || ec != std::errc() || ptr != end)
        throw UsageError{what + " must be a whole number, got '" + text + "'"};
    return v;
}

double parseNumber(const std::string& text, const std::string& what) {
    if (text.empty()) throw UsageError{what + " must be a number, got ''"};
    errno = 0;
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (errno != 0 || end != text.c_str() + text.size() || !std::isfinite(v))
        throw UsageError{what + " must be a finite number, got '" + text + "'"};
    return v;
}

long long Options::integer(const std::string& name, long long fallback, long long min,
                           long long max) const {
    auto v = get(name);
    if (!v) return fallback;
    const long long n = parseInteger(*v, "--" + name);
    if (n < min || n > max)
        throw UsageError{"--" + name + " must be between " + std::to_string(min) + " and " +
                         std::to_string(max) + ", got " + *v};
    return n;
}

double Options::number(const std::string& name, double fallback, double min, double max) const {
    auto v = get(name);
    if (!v) return fallback;
    const double n = parseNumber(*v, "--" + name);
    if (n < min || n > max)
        throw UsageError{"--" + name + " must be between " + shortNumber(min) + " and " +
                         shortNumber(max) + ", got " + *v};
    return n;
}

std::uint64_t Options::unsignedInteger(const std::string& name, std::uint64_t fallback) const {
    auto v = get(name);
    if (!v) return fallback;
    std::uint64_t n = 0;
    const char* end = v->data() + v->size();
    auto [ptr, ec] = std::from_chars(v->data(), end, n);
    if (v->empty() || ec != std::errc() || ptr != end)
        throw UsageError{"--" + name + " must be a whole number >= 0, got '" + *v + "'"};
    return n;
}

namespace {
std::vector<std::string> splitCommas(const std::string& text, const std::string& what) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (true) {
        const auto comma = text.find(',', start);
        std::string part =
            text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        // tolerate spaces around items ("1, 2, 3") but not empty items ("1,,2")
        while (!part.empty() && part.front() == ' ') part.erase(part.begin());
        while (!part.empty() && part.back() == ' ') part.pop_back();
        if (part.empty()) throw UsageError{what + " has an empty item in '" + text + "'"};
        parts.push_back(part);
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return parts;
}
}  // namespace

std::vector<int> Options::intList(const std::string& name) const {
    const std::string text = require(name);
    std::vector<int> out;
    for (const auto& part : splitCommas(text, "--" + name)) {
        const long long v = parseInteger(part, "each item of --" + name);
        if (v < 0 || v > 2147483647LL)
            throw UsageError{"--" + name + " item " + part + " is not a valid token id"};
        out.push_back(static_cast<int>(v));
    }
    return out;
}

std::vector<double> Options::numberList(const std::string& name, double min, double max) const {
    const std::string text = require(name);
    std::vector<double> out;
    for (const auto& part : splitCommas(text, "--" + name)) {
        const double v = parseNumber(part, "each item of --" + name);
        if (v < min || v > max)
            throw UsageError{"--" + name + " item " + part + " must be between " +
                             shortNumber(min) + " and " + shortNumber(max)};
        out.push_back(v);
    }
    return out;
}

}  // namespace ts::cli
