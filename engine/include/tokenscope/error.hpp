#pragma once
// The one error type the engine throws. Messages say what is wrong and where
// (file, tensor, option), so the CLI can print them and the GUI can show them as-is.
#include <stdexcept>
#include <string>

namespace ts {

class Error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace ts
