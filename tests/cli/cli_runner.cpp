#include "cli_runner.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "test_paths.hpp"

extern char** environ;

namespace fs = std::filesystem;

namespace ts_test {

namespace {
std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}
}  // namespace

CliResult runCli(const std::vector<std::string>& args, std::uint64_t fileSizeLimit) {
    return runProgram(TOKENSCOPE_CLI_PATH, args, fileSizeLimit);
}

CliResult runProgram(const std::string& program, const std::vector<std::string>& args,
                     std::uint64_t fileSizeLimit) {
    static int counter = 0;
    const fs::path dir =
        fs::temp_directory_path() /
        ("tokenscope-cli-test-" + std::to_string(getpid()) + "-" + std::to_string(counter++));
    fs::create_directories(dir);
    const std::string outPath = (dir / "out").string(), errPath = (dir / "err").string();

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, outPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0644);
    posix_spawn_file_actions_addopen(&actions, 2, errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0644);
    std::vector<std::string> argvStrings = {program};
    argvStrings.insert(argvStrings.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& s : argvStrings) argv.push_back(s.data());
    argv.push_back(nullptr);
    pid_t pid = 0;
    if (fileSizeLimit > 0) {
        // posix_spawn cannot set a resource limit: fork, limit, redirect, exec.
        pid = fork();
        if (pid == 0) {
            const rlimit limit{fileSizeLimit, fileSizeLimit};
            const int in = open("/dev/null", O_RDONLY),
                      out = open(outPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644),
                      err = open(errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            if (in < 0 || out < 0 || err < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 ||
                dup2(err, 2) < 0 || setrlimit(RLIMIT_FSIZE, &limit) != 0)
                _exit(127);
            execve(program.c_str(), argv.data(), environ);
            _exit(127);
        }
        if (pid < 0) throw std::runtime_error("cannot fork to start " + program);
    } else if (posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(), environ) != 0) {
        throw std::runtime_error("cannot start " + program);
    }
    posix_spawn_file_actions_destroy(&actions);
    int status = 0;
    waitpid(pid, &status, 0);

    CliResult r;
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = slurp(outPath);
    r.err = slurp(errPath);
    fs::remove_all(dir);
    return r;
}

std::string fullVocabModelDir() {
    const fs::path vocab = gpt2VocabDir();
    if (vocab.empty() || !fs::exists(vocab / "vocab.json")) return "";
    const fs::path dir =
        fs::temp_directory_path() / ("tokenscope-fullvocab-" + std::to_string(getpid()));
    if (!fs::exists(dir / "merges.txt")) {
        fs::create_directories(dir);
        const fs::path fixture = dataDir() / "gpt2-tiny-fullvocab";
        fs::copy_file(fixture / "config.json", dir / "config.json",
                      fs::copy_options::overwrite_existing);
        fs::create_symlink(fixture / "model.safetensors", dir / "model.safetensors");
        fs::create_symlink(vocab / "vocab.json", dir / "vocab.json");
        fs::create_symlink(vocab / "merges.txt", dir / "merges.txt");
    }
    return dir.string();
}

nlohmann::json readJson(const std::filesystem::path& p) {
    std::ifstream in(p);
    return nlohmann::json::parse(in);
}

}  // namespace ts_test
