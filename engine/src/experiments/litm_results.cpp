// The saved form of a lost-in-the-middle run: what `tokenscope-cli litm --json` prints and
// what the lab's "Save results…" writes, so a sweep measured at home on a large model opens
// in class without it. Files come from people, so reading checks every field and names the
// one that is wrong; nothing is half-read.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tokenscope/error.hpp"
#include "tokenscope/input_file.hpp"
#include "tokenscope/litm.hpp"

namespace ts {

namespace {

constexpr const char* kFormat = "tokenscope-litm-results";
constexpr int kVersion = 1;

using Json = nlohmann::json;

// Reads fields of one JSON object with errors that say which file and which field.
class Reader {
  public:
    Reader(const Json& j, std::string where) : m_j(j), m_where(std::move(where)) {}

    [[noreturn]] void fail(const std::string& field, const std::string& what) const {
        throw Error("lost-in-the-middle results " + m_where + ": \"" + field + "\" " + what);
    }
    bool has(const char* field) const { return m_j.contains(field) && !m_j[field].is_null(); }
    const Json& at(const char* field) const {
        if (!has(field)) fail(field, "is missing");
        return m_j[field];
    }
    long long integer(const char* field, long long lo, long long hi) const {
        const Json& v = at(field);
        if (!v.is_number_integer() || v.get<long long>() < lo || v.get<long long>() > hi)
            fail(field,
                 "must be a whole number from " + std::to_string(lo) + " to " + std::to_string(hi));
        return v.get<long long>();
    }
    long long integerOr(const char* field, long long fallback, long long lo, long long hi) const {
        return has(field) ? integer(field, lo, hi) : fallback;
    }
    double number(const char* field, double lo, double hi) const {
        const Json& v = at(field);
        // a little slack above 1 for values printed after float rounding
        if (!v.is_number() || !(v.get<double>() >= lo - 1e-9 && v.get<double>() <= hi + 1e-9))
            fail(field, "must be a number from " + trim(lo) + " to " + trim(hi));
        return std::clamp(v.get<double>(), lo, hi);
    }
    double numberOr(const char* field, double fallback, double lo, double hi) const {
        return has(field) ? number(field, lo, hi) : fallback;
    }
    std::pair<double, double> interval(const char* field) const {
        const Json& v = at(field);
        if (!v.is_array() || v.size() != 2 || !v[0].is_number() || !v[1].is_number() ||
            !(v[0].get<double>() >= -1e-9 && v[0].get<double>() <= v[1].get<double>() &&
              v[1].get<double>() <= 1 + 1e-9))
            fail(field, "must be two numbers [low, high] with 0 <= low <= high <= 1");
        return {std::clamp(v[0].get<double>(), 0.0, 1.0), std::clamp(v[1].get<double>(), 0.0, 1.0)};
    }
    std::string text(const char* field, const std::string& fallback) const {
        if (!has(field)) return fallback;
        if (!m_j[field].is_string()) fail(field, "must be text");
        return m_j[field].get<std::string>();
    }
    bool flag(const char* field, bool fallback) const {
        if (!has(field)) return fallback;
        if (!m_j[field].is_boolean()) fail(field, "must be true or false");
        return m_j[field].get<bool>();
    }

  private:
    static std::string trim(double v) {
        std::ostringstream s;
        s << v;
        return s.str();
    }
    const Json& m_j;
    std::string m_where;
};

}  // namespace

std::string litmRunToJson(const LitmRun& run) {
    const LitmOptions& o = run.options;
    const LitmResult& r = run.result;
    nlohmann::ordered_json j;
    j["format"] = kFormat;
    j["version"] = kVersion;
    j["model"] = run.model;
    if (!run.server.empty()) j["server"] = run.server;
    if (!r.attentionMeasured) j["server_does_not_expose"] = {"attention_mass"};
    if (run.interventions && !run.interventions->empty())
        j["interventions"] = nlohmann::ordered_json::parse(interventionsToJson(*run.interventions));
    j["records"] = o.records;
    j["positions"] = static_cast<int>(r.points.size());
    j["trials"] = o.trials;
    j["seed"] = o.seed;
    j["query_aware"] = o.queryAware;
    j["record_template"] = o.recordTemplate;
    j["query_template"] = o.queryTemplate;
    j["separator"] = o.separator;
    j["number_range"] = {o.numberMin, o.numberMax};
    j["context_tokens"] = r.contextTokens;
    j["points"] = nlohmann::ordered_json::array();
    for (const auto& p : r.points)
        j["points"].push_back(
            {{"position", p.position},
             {"trials", p.trials},
             {"accuracy", p.accuracy},
             {"accuracy_ci", {p.accuracyLow, p.accuracyHigh}},
             {"mean_prob", p.meanProb},
             {"prob_ci", {p.probLow, p.probHigh}},
             {"mean_rank", p.meanRank},
             {"attention_mass", r.attentionMeasured ? nlohmann::ordered_json(p.attentionMass)
                                                    : nlohmann::ordered_json()}});
    j["timing"] = {{"shared_prefill", r.timing.sharedPrefill},
                   {"seconds", r.timing.seconds},
                   {"prefills", r.timing.prefills},
                   {"context_tokens_computed", r.timing.contextTokens},
                   {"question_tokens_computed", r.timing.questionTokens}};
    j["example_context"] = r.exampleContext;
    j["reference"] = {
        {"source", "Liu et al. 2023, Lost in the Middle, GPT-3.5-Turbo, 20 documents"},
        {"points", nlohmann::ordered_json::array()}};
    for (const auto& ref : liuEtAl2023Reference())
        j["reference"]["points"].push_back(
            {{"position", ref.position}, {"accuracy", ref.accuracyPercent / 100.0}});
    return j.dump(1);
}

LitmRun litmRunFromJson(std::string_view text, const std::string& source) {
    Json j;
    try {
        j = Json::parse(text.begin(), text.end());
    } catch (const Json::exception& e) {
        throw Error("lost-in-the-middle results " + source + " is not valid JSON: " + e.what());
    }
    if (!j.is_object())
        throw Error("lost-in-the-middle results " + source + ": expected a JSON object");
    const Reader in(j, source);
    if (in.has("format") && in.text("format", "") != kFormat)
        in.fail("format", "is \"" + in.text("format", "") + "\", not \"" + kFormat +
                              "\": this is not a lost-in-the-middle results file");
    if (in.integerOr("version", kVersion, 1, 1000000) > kVersion)
        in.fail("version",
                "is newer than this Tokenscope reads (" + std::to_string(kVersion) + ")");
    if (!in.has("format") && !in.has("points"))
        throw Error("lost-in-the-middle results " + source +
                    ": no \"points\": this is not a lost-in-the-middle results file");

    LitmRun run;
    run.model = in.text("model", "");
    run.server = in.text("server", "");
    if (in.has("interventions"))
        run.interventions =
            interventionsFromJson(in.at("interventions").dump(), source + ", \"interventions\"");
    LitmOptions& o = run.options;
    o.records = static_cast<int>(in.integer("records", 1, 10000));
    o.trials = static_cast<int>(in.integer("trials", 1, 100000));
    o.seed = static_cast<std::uint64_t>(in.integerOr("seed", 1, 0, 0x7fffffffffffffffLL));
    o.queryAware = in.flag("query_aware", false);
    o.recordTemplate = in.text("record_template", o.recordTemplate);
    o.queryTemplate = in.text("query_template", o.queryTemplate);
    o.separator = in.text("separator", o.separator);
    if (in.has("number_range")) {
        const Json& r = in.at("number_range");
        if (!r.is_array() || r.size() != 2 || !r[0].is_number_integer() ||
            !r[1].is_number_integer() || r[0].get<long long>() < 0 ||
            r[1].get<long long>() < r[0].get<long long>() || r[1].get<long long>() > 999999999)
            in.fail("number_range",
                    "must be two whole numbers [lowest, highest] within 0 .. 999999999");
        o.numberMin = static_cast<int>(r[0].get<long long>());
        o.numberMax = static_cast<int>(r[1].get<long long>());
    }
    LitmResult& res = run.result;
    res.contextTokens = static_cast<int>(in.integerOr("context_tokens", 0, 0, 100000000));
    res.exampleContext = in.text("example_context", "");

    const Json& points = in.at("points");
    if (!points.is_array() || points.empty() || points.size() > 10000)
        in.fail("points", "must be a list of 1 to 10000 measured positions");
    for (std::size_t i = 0; i < points.size(); ++i) {
        const std::string where = source + ", points[" + std::to_string(i) + "]";
        if (!points[i].is_object())
            throw Error("lost-in-the-middle results " + where + ": expected an object");
        const Reader p(points[i], where);
        LitmPoint pt;
        pt.position = static_cast<int>(p.integer("position", 1, o.records));
        if (!res.points.empty() && pt.position <= res.points.back().position)
            p.fail("position", "must be larger than the position before it");
        pt.trials = static_cast<int>(p.integerOr("trials", o.trials, 1, 100000));
        pt.accuracy = p.number("accuracy", 0, 1);
        std::tie(pt.accuracyLow, pt.accuracyHigh) =
            p.has("accuracy_ci") ? p.interval("accuracy_ci") : std::pair{pt.accuracy, pt.accuracy};
        pt.meanProb = p.number("mean_prob", 0, 1);
        std::tie(pt.probLow, pt.probHigh) =
            p.has("prob_ci") ? p.interval("prob_ci") : std::pair{pt.meanProb, pt.meanProb};
        pt.meanRank = p.numberOr("mean_rank", 0, 0, 1e9);
        // null: not measured (a model server does not expose attention)
        const bool massGiven = !points[i].contains("attention_mass") || p.has("attention_mass");
        if (!massGiven) res.attentionMeasured = false;
        pt.attentionMass = massGiven ? p.numberOr("attention_mass", 0, 0, 1) : std::nan("");
        res.points.push_back(pt);
    }
    o.positions = static_cast<int>(res.points.size());
    if (in.has("positions") && in.integer("positions", 1, 10000) != o.positions)
        in.fail("positions", "says " + std::to_string(in.integer("positions", 1, 10000)) +
                                 " but the file lists " + std::to_string(o.positions) + " points");
    if (in.has("timing")) {
        const Json& t = in.at("timing");
        if (!t.is_object()) in.fail("timing", "must be an object");
        const Reader tr(t, source + ", timing");
        res.timing.sharedPrefill = tr.flag("shared_prefill", true);
        res.timing.seconds = tr.numberOr("seconds", 0, 0, 1e12);
        res.timing.prefills = static_cast<int>(tr.integerOr("prefills", 0, 0, 1000000000));
        res.timing.contextTokens = tr.integerOr("context_tokens_computed", 0, 0, 1LL << 50);
        res.timing.questionTokens = tr.integerOr("question_tokens_computed", 0, 0, 1LL << 50);
    }
    return run;
}

void saveLitmRun(const LitmRun& run, const std::filesystem::path& file) {
    // Written beside the target and renamed over it, so a failed write loses no older file.
    const auto temp = file.string() + ".part";
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        if (!out) throw Error("cannot write " + temp);
        out << litmRunToJson(run) << '\n';
        if (!out.flush()) throw Error("cannot write " + temp);
    }
    std::error_code ec;
    std::filesystem::rename(temp, file, ec);
    if (ec) {
        std::filesystem::remove(temp, ec);
        throw Error("cannot write " + file.string());
    }
}

LitmRun loadLitmRun(const std::filesystem::path& file) {
    // Checked before it is read: a folder reads as empty, /dev/zero never ends.
    const std::string text =
        readInputFile(file, "lost-in-the-middle results", std::uint64_t{64} << 20);
    return litmRunFromJson(text, file.string());
}

}  // namespace ts
