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

// Thrown when a cancel flag stopped the work (a forward pass between layers, a model load, an
// experiment). Callers catch it by type to stay silent, instead of searching error text.
class Cancelled : public Error {
  public:
    Cancelled() : Error("cancelled") {}
    explicit Cancelled(const std::string& what) : Error(what) {}
};

}  // namespace ts
