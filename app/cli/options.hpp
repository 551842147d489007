#pragma once
// Command-line options: `--name value` pairs and `--flag`s, with strict number parsing so a
// typo like `--steps 1O` is an error naming the option instead of a silent zero.
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ts::cli {

// Thrown for usage errors (exit code 2); ts::Error is for everything else (exit code 1).
struct UsageError {
    std::string message;
};
// Thrown where `--help` or `-h` stands in an option's place (not as an option's value): the
// command's usage goes to stdout, exit status 0.
struct HelpRequested {};

class Options {
  public:
    // `valued` lists options that take a value, `flags` those that don't; anything else is a
    // usage error.
    Options(const std::vector<std::string>& args, const std::set<std::string>& valued,
            const std::set<std::string>& flags);

    bool has(const std::string& name) const;
    bool flag(const std::string& name) const { return has(name); }
    std::optional<std::string> get(const std::string& name) const;
    std::string require(const std::string& name) const;
    std::string getOr(const std::string& name, const std::string& fallback) const;

    long long integer(const std::string& name, long long fallback, long long min,
                      long long max) const;
    double number(const std::string& name, double fallback, double min, double max) const;
    std::uint64_t unsignedInteger(const std::string& name, std::uint64_t fallback) const;
    std::vector<int> intList(const std::string& name) const;  // "1,2,3"
    std::vector<double> numberList(const std::string& name, double min, double max) const;

  private:
    std::map<std::string, std::string> m_values;
};

long long parseInteger(const std::string& text, const std::string& what);
double parseNumber(const std::string& text, const std::string& what);

// "0.8" and "1e-09" rather than std::to_string's "0.800000" (which shows 1e-9 as 0).
std::string shortNumber(double v);

}  // namespace ts::cli
