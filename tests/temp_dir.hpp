#pragma once
// A fresh temporary folder per test, removed with everything in it when the test ends.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

namespace ts_test {

class TempDir {
  public:
    // `tag` goes into the folder's name, so a folder left by a crash says which test made it.
    explicit TempDir(const std::string& tag = "test") {
        static int counter = 0;
        std::random_device rd;
        m_path = std::filesystem::temp_directory_path() /
                 ("tokenscope-" + tag + "-" + std::to_string(getpid()) + "-" +
                  std::to_string(counter++) + "-" + std::to_string(rd()));
        std::filesystem::remove_all(m_path);
        std::filesystem::create_directories(m_path);
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(m_path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::filesystem::path& path() const { return m_path; }
    std::filesystem::path operator/(const std::string& s) const { return m_path / s; }
    // Writes `bytes` to the file `name` in the folder and returns its path.
    std::filesystem::path write(const std::string& name, const std::string& bytes) const {
        const std::filesystem::path p = m_path / name;
        std::ofstream(p, std::ios::binary) << bytes;
        return p;
    }

  private:
    std::filesystem::path m_path;
};

}  // namespace ts_test
