// tokenscope-cli download ORG/NAME: fetches a model from the Hugging Face hub (or the mirror
// in HF_ENDPOINT) into the hub cache with the engine's downloader, printing progress and
// speed on stderr and what was verified on stdout. Ctrl-C (interrupt.hpp) stops any request
// within 100 ms with exit 130; the next run resumes the interrupted file. Afterwards
// `--model ORG/NAME` finds it.
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "commands.hpp"
#include "common.hpp"
#include "interrupt.hpp"
#include "tokenscope/hf_cache.hpp"
#include "tokenscope/hub_download.hpp"

namespace ts::cli {

namespace {

std::vector<std::string> splitCommas(const std::string& text) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const auto comma = text.find(',', start);
        const std::string part =
            text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (!part.empty()) out.push_back(part);
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return out;
}

}  // namespace

int runDownload(const Args& argsIn) {
    Args args = argsIn;
    std::string repoId;
    if (!args.empty() && args.front().rfind("--", 0) != 0) {
        repoId = args.front();
        args.erase(args.begin());
    }
    const Options opts(args, {"revision", "include", "file", "cache-dir", "endpoint"},
                       {"json", "quiet"});
    if (repoId.empty())
        throw UsageError{
            "give the model as ORG/NAME, e.g. tokenscope-cli download openai-community/gpt2"};
    if (!hub::isRepoId(repoId))
        throw UsageError{"'" + repoId +
                         "' is not a hub model id (ORG/NAME, letters, digits, - _ .)"};

    hub::DownloadOptions o;
    o.repoId = repoId;
    o.revision = opts.getOr("revision", "main");
    // The revision becomes a path under refs/: refused here as bad usage, and again by the
    // downloader before anything is requested or written.
    if (!hub::isRevisionName(o.revision))
        throw UsageError{"--revision: '" + o.revision + "' is not " + hub::kRevisionRule};
    if (auto inc = opts.get("include")) o.include = splitCommas(*inc);
    o.ggufFile = opts.getOr("file", "");
    if (auto c = opts.get("cache-dir")) o.cacheDir = *c;
    o.endpoint = opts.getOr("endpoint", "");
    o.cancel = &interruptFlag();
    const bool quiet = opts.flag("quiet");
    const bool tty = isatty(STDERR_FILENO) != 0;
    std::string lastFile;
    o.progress = [&](const hub::DownloadProgress& p) {
        if (quiet) return;
        if (p.waitingForOtherDownload) {
            std::fprintf(
                stderr,
                "%swaiting for another download of %s to finish (it holds the cache's lock)\n",
                tty ? "\r" : "", p.file.c_str());
            return;
        }
        const int percent = p.total ? static_cast<int>(100.0 * static_cast<double>(p.done) /
                                                       static_cast<double>(p.total))
                                    : 100;
        std::ostringstream text;
        text << '[' << p.fileIndex + 1 << '/' << p.fileCount << "] " << p.file << "  "
             << hub::formatBytes(p.fileDone) << " / " << hub::formatBytes(p.fileTotal) << "  total "
             << percent << "%  " << hub::formatBytes(static_cast<std::uint64_t>(p.bytesPerSecond))
             << "/s";
        const std::string line = text.str();
        if (tty) {
            std::fprintf(stderr, "\r%-100s", line.c_str());
            if (p.fileDone == p.fileTotal && p.file != lastFile) std::fputc('\n', stderr);
            if (p.fileDone == p.fileTotal) lastFile = p.file;
        } else if (p.fileDone == p.fileTotal && p.file != lastFile) {
            std::fprintf(stderr, "%s\n", line.c_str());  // one line per finished file in logs
            lastFile = p.file;
        }
    };

    // A file-size limit (ulimit -f) makes write() fail with EFBIG instead of killing us, so it
    // is reported like a full disk, with the partial file kept for resuming.
    std::signal(SIGXFSZ, SIG_IGN);
    const hub::DownloadResult r = hub::downloadModel(o);

    if (opts.flag("json")) {
        Json files = Json::array();
        for (const auto& f : r.files)
            files.push_back({{"name", f.name},
                             {"size", f.size},
                             {"check", f.check},
                             {"hash", f.hash},
                             {"already_cached", f.alreadyCached},
                             {"resumed", f.resumed}});
        printJson({{"repo", r.repoId},
                   {"revision", r.revision},
                   {"commit", r.commit},
                   {"snapshot", r.snapshot.string()},
                   {"model_path", r.modelPath.string()},
                   {"bytes_fetched", r.bytesFetched},
                   {"files", files},
                   {"skipped", r.skipped}});
        return 0;
    }
    std::cout << r.repoId << " at " << r.revision << " (commit " << r.commit << ")\n";
    for (const auto& f : r.files)
        std::cout << "  verified " << f.name << "  " << hub::formatBytes(f.size) << "  "
                  << (f.check == "sha256+size" ? "SHA-256 " : "git blob SHA-1, size, commit; ")
                  << f.hash
                  << (f.alreadyCached ? "  (already in the cache)"
                      : f.resumed     ? "  (resumed)"
                                      : "")
                  << '\n';
    for (const auto& s : r.skipped) std::cout << "  skipped " << s << '\n';
    std::cout << "fetched " << hub::formatBytes(r.bytesFetched) << " into " << r.snapshot.string()
              << '\n'
              << "use it with: --model " << r.repoId << '\n';
    return 0;
}

}  // namespace ts::cli
